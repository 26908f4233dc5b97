package thirdparty_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/thirdparty"
)

func TestHeadTag(t *testing.T) {
	require.Empty(t, thirdparty.Settings{}.HeadTag(), "nothing configured, nothing added")
	require.Empty(t, thirdparty.Settings{LaunchURL: "https://assets.adobedtm.com/x.js"}.HeadTag(), "no tag manager without a consent manager")
	require.Equal(t,
		`<script src="/third-party/consent.js" data-consent-manager="https://web.cmp.usercentrics.eu/ui/loader.js" data-settings-id="AbC123" async></script>`,
		thirdparty.Settings{SettingsID: "AbC123"}.HeadTag())
	require.Contains(t, thirdparty.Settings{SettingsID: "AbC123", LaunchURL: `https://assets.adobedtm.com/x.js?a=1&b="2"`}.HeadTag(),
		`data-launch-url="https://assets.adobedtm.com/x.js?a=1&amp;b=&#34;2&#34;"`, "attributes are escaped")
	require.Contains(t, string(thirdparty.Script), "UC_CONSENT")
}
