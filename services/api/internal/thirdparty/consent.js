// The retailer's consent manager and tag manager (see package thirdparty). A classic script: it reads its settings
// from its own data attributes, registers for the consent events first, then adds the consent manager, and adds the
// tag manager only once the shopper has consented to it: every service accepted, or the tag manager's own service
// (its name mentions Adobe). Without consent the tag manager never loads.
//
// Neither starts while the address holds a token: a mail link's page has it there until the app has read it and
// put an address without it in place (a password reset's ?pwrt=, the preference centre's /preferences/token/{jwt},
// a confirmation link's #verify=, #subscription= or #reminder=, a social login's ?regToken=). Third-party code reads
// the address (a tag manager reports every page's), and this script, loaded async, may well run before the app's
// (QA security round of 2026-11-29). It looks again every 50 ms; an app that never takes the token out starts nothing.
(function () {
  'use strict';
  var own = document.currentScript;
  if (!own) return;
  var settingsId = own.getAttribute('data-settings-id');
  var consentManager = own.getAttribute('data-consent-manager');
  var launchUrl = own.getAttribute('data-launch-url');
  if (!settingsId || !consentManager || document.getElementById('usercentrics-cmp')) return;

  function consented(detail) {
    if (!detail) return false;
    if (detail.consent && detail.consent.status === 'ALL_ACCEPTED') return true;
    var services = detail.services || {};
    var list = Array.isArray(services) ? services : Object.keys(services).map(function (key) { return services[key]; });
    return list.some(function (service) {
      return service && /adobe/i.test(service.name || '') && service.consent && service.consent.given === true;
    });
  }

  function add(src, id, attributes) {
    var script = document.createElement('script');
    script.src = src;
    script.id = id;
    script.async = true;
    Object.keys(attributes).forEach(function (name) { script.setAttribute(name, attributes[name]); });
    document.head.appendChild(script);
  }

  var tokenInAddress = /^\/preferences\/token\/[^/?#]|[?&](pwrt|regToken)=|[#&](verify|subscription|reminder)=/;

  function start() {
    if (tokenInAddress.test(location.pathname + location.search + location.hash)) {
      setTimeout(start, 50);
      return;
    }
    if (launchUrl) {
      var onConsent = function (event) {
        if (!consented(event.detail)) return;
        window.removeEventListener('UC_CONSENT', onConsent);
        add(launchUrl, 'tag-manager', {});
      };
      // The consent manager announces the stored choice at start and every change after.
      window.addEventListener('UC_CONSENT', onConsent);
    }
    add(consentManager, 'usercentrics-cmp', { 'data-settings-id': settingsId });
  }
  start();
})();
