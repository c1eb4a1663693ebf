package redact

import (
	"strings"
	"testing"
)

func TestMask(t *testing.T) {
	tests := map[string]string{
		"":                                   "",
		"abc":                                "****",
		"sk-123456789012":                    "****", // 15: fully masked
		"sk-1234567890123":                   "sk-1****0123",
		"sk-test-0123456789abcdef0123":       "sk-t****0123",
		"sk-ant-api03-abcdefghijklmnopqrstu": "sk-a****rstu",
	}
	for in, want := range tests {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
		if got := Shown(in); got != want { // a deliberate display is the contract's mask
			t.Errorf("Shown(%q) = %q, want %q", in, got, want)
		}
		if len(in) >= 8 && strings.Contains(Mask(in), in) {
			t.Errorf("Mask(%q) reveals the key", in)
		}
	}
}

func TestRedact(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	got := Redact(`Authorization: Bearer `+key+` and again `+key, key, "")
	if strings.Contains(got, key) || strings.Count(got, "sk-t****0123") != 2 {
		t.Errorf("Redact = %q", got)
	}
}

func TestRedactURL(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	tests := map[string]string{
		"http://u:" + key + "@host/api":                                       "http://u:****@host/api",
		"http://" + key + "@host":                                             "http://****@host",
		"http://" + key + ":x@host":                                           "http://****@host",
		"u:" + key + "@host/api":                                              "u:****@host/api",
		key + "@host":                                                         "****@host",
		"https://h/api?key=" + key:                                            "https://h/api?key=****",
		"https://h/api?a=1&api_key=" + key + "#f":                             "https://h/api?a=1&api_key=****#f",
		"https://h/api?sig=" + key + "&v=2":                                   "https://h/api?sig=****&v=2",
		"https://h/api?model=gpt-4o&stream=true":                              "https://h/api?model=gpt-4o&stream=true",
		`{"url":"https://h/?x=1\u0026token=` + key + `"}`:                     `{"url":"https://h/?x=1\u0026token=****"}`,
		"invalid base URL \"http://u:" + key + "@h\": it carries a user name": "invalid base URL \"http://u:****@h\": it carries a user name",
		"a plain sentence, no URL":                                            "a plain sentence, no URL",
		"https://h/api":                                                       "https://h/api",
	}
	for in, want := range tests {
		if got := RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
		if strings.Contains(RedactURL(in), key) {
			t.Errorf("RedactURL(%q) shows the key", in)
		}
	}
}

func TestSecretName(t *testing.T) {
	for _, n := range []string{"apiKey", "OPENAI_API_KEY", "access_token", "refresh_token", "id_token", "client_secret", "password", "Authorization", "x-api-key"} {
		if !SecretName(n) {
			t.Errorf("SecretName(%q) = false", n)
		}
	}
	for _, n := range []string{"model", "base_url", "ANTHROPIC_BASE_URL", "wire_api", "account_id"} {
		if SecretName(n) {
			t.Errorf("SecretName(%q) = true", n)
		}
	}
}

// BenchmarkRedactBody: Redact runs on every probe's evidence (up to 2 KiB of
// a stream) and every log line; the URL pass must stay cheap.
func BenchmarkRedactBody(b *testing.B) {
	const key = "sk-test-0123456789abcdef0123"
	body := strings.Repeat(`data: {"id":"c1","choices":[{"delta":{"content":"tok"}}]}`+"\n\n", 40)[:2048]
	withURL := body[:1900] + ` see https://u:` + key + `@h/api?key=` + key + "&a=1"
	for _, tc := range []struct{ name, s string }{{"stream", body}, {"with-url", withURL}} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.s)))
			for b.Loop() {
				Redact(tc.s, key)
			}
		})
	}
}
