package redact

import (
	"strings"
	"testing"
)

// A key that looks like no known key format: masking must not depend on
// the sk- prefix.
const oddKey = "Zq7-canary-0123456789abcdefXY"

func TestMaskSecrets(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		// every side of a diff, JSON
		{`+    "ANTHROPIC_AUTH_TOKEN": "` + oddKey + `",`, `+    "ANTHROPIC_AUTH_TOKEN": "Zq7-****efXY",`},
		{`-  "apiKey": "` + oddKey + `"`, `-  "apiKey": "Zq7-****efXY"`},
		{`     "refresh_token": "rt_SHORT",`, `     "refresh_token": "****",`},
		{`     "access_token": "ACCESS_TOKEN_VALUE",`, `     "access_token": "ACCE****ALUE",`},
		{`{"id_token":"a.b.c","account_id":"acc-1"}`, `{"id_token":"****","account_id":"acc-1"}`},
		{`  "client_secret": "it's \"quoted\" xyz"`, `  "client_secret": "it's**** xyz"`},
		// TOML
		{`+experimental_bearer_token = "` + oddKey + `"`, `+experimental_bearer_token = "Zq7-****efXY"`},
		{` env_key = "TAOTOKEN_API_KEY"`, ` env_key = "TAOTOKEN_API_KEY"`},
		// a reference to the key's variable names no secret; a key starting with $ is one
		{`+        apiKey: "${TAOTOKEN_API_KEY}",`, `+        apiKey: "${TAOTOKEN_API_KEY}",`},
		{`"apiKey": "{env:GW_KEY}"`, `"apiKey": "{env:GW_KEY}"`},
		{`"apiKey": "$` + oddKey + `"`, `"apiKey": "$Zq7****efXY"`},
		{`http_headers = { "Authorization" = "Bearer ` + oddKey + `" }`, `http_headers = { "Authorization" = "Bear****efXY" }`},
		{`env = { MY_TOKEN = 'abcdefgh12345678' }`, `env = { MY_TOKEN = 'abcd****5678' }`},
		// .env
		{`-TAOTOKEN_API_KEY=` + oddKey, `-TAOTOKEN_API_KEY=Zq7-****efXY`},
		{`+export DB_PASSWORD="hunter2"`, `+export DB_PASSWORD="****"`},
		{`-DB_PASSWORD=12345678`, `-DB_PASSWORD=****`},
		{` SECRET_WORDS=two words # comment`, ` SECRET_WORDS=**** # comment`},
		// a credential header inside some other value
		{`"ANTHROPIC_CUSTOM_HEADERS": "Authorization: Bearer ` + oddKey + `"`, `"ANTHROPIC_CUSTOM_HEADERS": "Authorization: Bearer Zq7-****efXY"`},
		// URLs
		{`"ANTHROPIC_BASE_URL": "http://u:` + oddKey + `@h/api?key=` + oddKey + `"`, `"ANTHROPIC_BASE_URL": "http://u:****@h/api?key=****"`},
		// not secrets
		{`"model": "gpt-4o", "max_tokens": 4096, "requires_openai_auth": true, "OPENAI_API_KEY": null`, `"model": "gpt-4o", "max_tokens": 4096, "requires_openai_auth": true, "OPENAI_API_KEY": null`},
		{`base_url = "https://taotoken.net/api/v1"`, `base_url = "https://taotoken.net/api/v1"`},
		{`@@ -1,5 +1,5 @@`, `@@ -1,5 +1,5 @@`},
		{`+export COPILOT_PROVIDER_API_KEY="${TAOTOKEN_API_KEY}"`, `+export COPILOT_PROVIDER_API_KEY="${TAOTOKEN_API_KEY}"`},
		{`$env:COPILOT_PROVIDER_API_KEY = $env:TAOTOKEN_API_KEY`, `$env:COPILOT_PROVIDER_API_KEY = $env:TAOTOKEN_API_KEY`},
	}
	for _, tt := range tests {
		if got := MaskSecrets(tt.in); got != tt.want {
			t.Errorf("MaskSecrets(%s)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
	// a known secret is masked wherever it is, even under no secret name
	if got := MaskSecrets(`"note": "`+oddKey+`"`, oddKey); strings.Contains(got, oddKey) {
		t.Errorf("known secret shown: %s", got)
	}
}

// FuzzMaskSecrets: any text, no panic; a value under a secret name in
// JSON, TOML or .env form never survives, whatever surrounds it.
func FuzzMaskSecrets(f *testing.F) {
	for _, s := range []string{"", "+{\n", `"a": "b"`, "-X=1 # c", "[t]\nk = 'v'\n", "@@ -1 +1 @@\n"} {
		f.Add(s, "Zq7canary0123456789")
	}
	f.Fuzz(func(t *testing.T, around, secret string) {
		MaskSecrets(around)
		if len(secret) < 8 || strings.Trim(secret, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" || strings.Contains(around, secret) {
			return
		}
		for _, line := range []string{`  "apiKey": "` + secret + `",`, `api_key = "` + secret + `"`, `MY_TOKEN=` + secret, `"Authorization": "Bearer ` + secret + `"`} {
			text := around + "\n+" + line + "\n" + around
			if got := MaskSecrets(text); strings.Contains(got, secret) {
				t.Fatalf("%q survives in %q", secret, got)
			}
		}
	})
}

// TestMayHoldKey: the prefilter skips masked keys and words that only
// start like a key, and keeps every key.
func TestMayHoldKey(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"12:00:00.000 POST /v1/chat/completions gpt-4o 200 auth bearer sk-t****0123", false},
		{"a high ghost on github.com", false},
		{"sk-1234567", false},
		{"sk-12345678", true},
		{"key=sk-proj-0123456789abcdef", true},
		{"sk-t****0123 then sk-live-abcdefgh", true},
		{"ghp_0123456789abcdefghij", true},
		{"AKIA0123456789ABCDEF", true},
		{"", false},
	} {
		if got := mayHoldKey(tc.line); got != tc.want {
			t.Errorf("mayHoldKey(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// FuzzMaskTokens: the prefilter loses nothing: MaskTokens masks what the
// expression alone masks, line by line, and every match passes the filter.
func FuzzMaskTokens(f *testing.F) {
	for _, s := range []string{"", "sk-t****0123", "x sk-0123456789ab\nghp_0123456789abcdefghij", "AIza" + strings.Repeat("A", 35), "xoxb-0123456789", "sk_live_01234567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want strings.Builder
		for _, line := range strings.SplitAfter(s, "\n") {
			if keyShaped.MatchString(line) && !mayHoldKey(line) {
				t.Fatalf("the filter skips %q, which holds %q", line, keyShaped.FindString(line))
			}
			want.WriteString(keyShaped.ReplaceAllStringFunc(line, Mask))
		}
		if got := MaskTokens(s); got != want.String() {
			t.Fatalf("MaskTokens(%q) = %q, the expression alone %q", s, got, want.String())
		}
	})
}
