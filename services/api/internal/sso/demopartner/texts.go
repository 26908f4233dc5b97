package demopartner

import (
	"net/http"
	"strings"
)

// languages the partner speaks: the seven of the portal, German first (the default).
var languages = []string{"de", "en", "fr", "nl", "es", "pl", "pt"}

// texts are the partner's page texts by language. The message keys (msg*) are what a visit keeps to show once.
var texts = map[string]map[string]string{
	"de": {
		"welcome": "Willkommen beim Fotoservice", "hello": "Hallo, %s!",
		"notice":   "Ein Beispiel-Partnerdienst des Händlers: er meldet Sie mit Ihrem Kundenkonto an (Single Sign-on).",
		"loggedIn": "Sie sind mit Ihrem Kundenkonto angemeldet%s. Ihre Fotobücher und Abzüge warten auf Sie.",
		"logout":   "Abmelden", "pitch": "Bestellen Sie Fotobücher, Abzüge und Kalender – mit Ihrem Kundenkonto, ohne neues Passwort.",
		"login":      "Mit Ihrem Kundenkonto anmelden",
		"msgExpired": "Die Anmeldung ist abgelaufen. Bitte versuchen Sie es noch einmal.",
		"msgAborted": "Die Anmeldung wurde nicht abgeschlossen (%s).", "msgFailed": "Die Anmeldung ist fehlgeschlagen.",
	},
	"en": {
		"welcome": "Welcome to Fotoservice", "hello": "Hello, %s!",
		"notice":   "A sample partner service of the retailer: it signs you in with your customer account (single sign-on).",
		"loggedIn": "You are signed in with your customer account%s. Your photo books and prints are waiting for you.",
		"logout":   "Log out", "pitch": "Order photo books, prints and calendars – with your customer account, no new password.",
		"login":      "Sign in with your customer account",
		"msgExpired": "The sign-in has expired. Please try again.",
		"msgAborted": "The sign-in was not completed (%s).", "msgFailed": "The sign-in failed.",
	},
	"fr": {
		"welcome": "Bienvenue chez Fotoservice", "hello": "Bonjour, %s !",
		"notice":   "Un service partenaire d’exemple de l’enseigne : il vous connecte avec votre compte client (authentification unique).",
		"loggedIn": "Votre session est ouverte avec votre compte client%s. Vos livres photo et vos tirages vous attendent.",
		"logout":   "Se déconnecter", "pitch": "Commandez livres photo, tirages et calendriers – avec votre compte client, sans nouveau mot de passe.",
		"login":      "Se connecter avec votre compte client",
		"msgExpired": "La connexion a expiré. Veuillez réessayer.",
		"msgAborted": "La connexion n’a pas abouti (%s).", "msgFailed": "La connexion a échoué.",
	},
	"nl": {
		"welcome": "Welkom bij Fotoservice", "hello": "Hallo, %s!",
		"notice":   "Een voorbeeldpartnerdienst van de retailer: u logt in met uw klantaccount (single sign-on).",
		"loggedIn": "U bent ingelogd met uw klantaccount%s. Uw fotoboeken en afdrukken wachten op u.",
		"logout":   "Uitloggen", "pitch": "Bestel fotoboeken, afdrukken en kalenders – met uw klantaccount, zonder nieuw wachtwoord.",
		"login":      "Inloggen met uw klantaccount",
		"msgExpired": "Het inloggen is verlopen. Probeer het opnieuw.",
		"msgAborted": "Het inloggen is niet voltooid (%s).", "msgFailed": "Het inloggen is mislukt.",
	},
	"es": {
		"welcome": "Le damos la bienvenida a Fotoservice", "hello": "¡Hola, %s!",
		"notice":   "Un servicio asociado de ejemplo del comercio: inicia su sesión con su cuenta de cliente (inicio de sesión único).",
		"loggedIn": "Ha iniciado sesión con su cuenta de cliente%s. Sus fotolibros y copias le esperan.",
		"logout":   "Cerrar sesión", "pitch": "Pida fotolibros, copias y calendarios – con su cuenta de cliente, sin contraseña nueva.",
		"login":      "Iniciar sesión con su cuenta de cliente",
		"msgExpired": "El inicio de sesión ha caducado. Inténtelo de nuevo.",
		"msgAborted": "No se ha completado el inicio de sesión (%s).", "msgFailed": "No se ha podido iniciar sesión.",
	},
	"pl": {
		"welcome": "Witamy w Fotoservice", "hello": "Witaj, %s!",
		"notice":   "Przykładowy serwis partnerski sprzedawcy: loguje Cię za pomocą Twojego konta klienta (logowanie jednokrotne).",
		"loggedIn": "Zalogowano za pomocą konta klienta%s. Twoje fotoksiążki i odbitki czekają na Ciebie.",
		"logout":   "Wyloguj się", "pitch": "Zamawiaj fotoksiążki, odbitki i kalendarze – z kontem klienta, bez nowego hasła.",
		"login":      "Zaloguj się kontem klienta",
		"msgExpired": "Logowanie wygasło. Spróbuj ponownie.",
		"msgAborted": "Logowanie nie zostało zakończone (%s).", "msgFailed": "Logowanie nie powiodło się.",
	},
	"pt": {
		"welcome": "Boas-vindas ao Fotoservice", "hello": "Olá, %s!",
		"notice":   "Um serviço parceiro de exemplo do retalhista: inicia a sua sessão com a sua conta de cliente (início de sessão único).",
		"loggedIn": "Tem sessão iniciada com a sua conta de cliente%s. Os seus livros de fotografias e impressões esperam por si.",
		"logout":   "Terminar sessão", "pitch": "Encomende livros de fotografias, impressões e calendários – com a sua conta de cliente, sem nova palavra-passe.",
		"login":      "Iniciar sessão com a sua conta de cliente",
		"msgExpired": "O início de sessão expirou. Tente novamente.",
		"msgAborted": "O início de sessão não foi concluído (%s).", "msgFailed": "O início de sessão falhou.",
	},
}

// pickLanguage is the partner's language for a request: ?lang= (e.g. de, en_GB, fr-BE), else the one kept for the
// visit, else the browser's Accept-Language, else German.
func pickLanguage(r *http.Request, kept string) string {
	if l := baseLanguage(r.URL.Query().Get("lang")); l != "" {
		return l
	}
	if kept != "" {
		return baseLanguage(kept)
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		if l := baseLanguage(strings.SplitN(strings.TrimSpace(part), ";", 2)[0]); l != "" {
			return l
		}
	}
	return languages[0]
}

// chosenLanguage is a tag the visitor chose with ?lang= in BCP 47 form ("fr_BE" → "fr-BE", "FR" → "fr"), its region
// kept for the portal's login (ui_locales may carry one: a Belgian's French is fr-BE there, not the portal's first
// French), or "" when the partner speaks none of it. Anything after the language but a region is dropped.
func chosenLanguage(tag string) string {
	base := baseLanguage(tag)
	if base == "" {
		return ""
	}
	parts := strings.Split(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-"), "-")
	if len(parts) == 2 && len(parts[1]) == 2 && strings.Trim(strings.ToLower(parts[1]), "abcdefghijklmnopqrstuvwxyz") == "" {
		return base + "-" + strings.ToUpper(parts[1])
	}
	return base
}

// baseLanguage is the partner language of a tag ("fr_BE" → "fr"), or "" when it speaks none of it.
func baseLanguage(tag string) string {
	base := strings.ToLower(strings.SplitN(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-"), "-", 2)[0])
	if _, ok := texts[base]; ok {
		return base
	}
	return ""
}
