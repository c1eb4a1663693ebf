package gateway

import (
	"strings"
	"testing"
)

func TestCheckKey(t *testing.T) {
	tests := map[string]string{
		"sk-test-0123456789abcdef0123":       "",
		"":                                   "key-placeholder",
		"   ":                                "key-placeholder",
		"sk-你的key":                           "key-placeholder",
		"sk-xxx":                             "key-placeholder",
		"<your-key>":                         "key-placeholder",
		"your-api-key":                       "key-placeholder",
		"sk-test-0123456789abcdef0123\n":     "key-malformed",
		"sk-test-0123456789abcdef0123\r":     "key-malformed",
		" sk-test-0123456789abcdef0123":      "key-malformed",
		"sk-test 0123456789abcdef0123":       "key-malformed",
		"\"sk-test-0123456789abcdef0123\"":   "key-malformed",
		"\ufeffsk-test-0123456789abcdef0123": "key-malformed",
		"sk-test-0123456789\u200babcdef0123": "key-malformed",
		"sk-test-0123456789\x00abcdef0123":   "key-malformed",
	}
	for in, want := range tests {
		got := ""
		if p := CheckKey(in); p != nil {
			got = string(p.Code)
			if p.Reason == "" || p.Code == "key-malformed" && strings.Contains(p.Reason, strings.TrimSpace(in)) {
				t.Errorf("CheckKey(%q): the reason must say why without echoing the key: %q", in, p.Reason)
			}
		}
		if got != want {
			t.Errorf("CheckKey(%q) = %q, want %q", in, got, want)
		}
	}
}
