package redact

import (
	"strings"
	"testing"
)

// FuzzRedactURL: any text, no panic, idempotent; a secret put as a URL's
// password and as a key parameter never survives.
func FuzzRedactURL(f *testing.F) {
	for _, s := range []string{"http://u:p@h/a?key=v&x=1", "u:p@h", "@", "=", "://@", "?=&=", `{"u":"http://a:b@c/?x=1\u0026token=t"}`, "a@b://c@d?e=f"} {
		f.Add(s, "sk0123456789abcd")
	}
	f.Fuzz(func(t *testing.T, s, secret string) {
		once := RedactURL(s)
		if twice := RedactURL(once); twice != once {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, once, twice)
		}
		if len(secret) < 8 || strings.Trim(secret, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
			return
		}
		u := s + " http://user:" + secret + "@host/api?a=1&api_key=" + secret + "#f"
		if strings.Contains(RedactURL(u), secret) && !strings.Contains(s, secret) {
			t.Fatalf("the secret survives in %q", RedactURL(u))
		}
	})
}
