package profile

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

func TestStoredName(t *testing.T) {
	for _, c := range []struct {
		name    string
		sources map[gateway.Field]string
		want    string
	}{
		{"no sources", nil, ""},
		{"flags and variables", map[gateway.Field]string{gateway.FieldBaseURL: "--base-url", gateway.FieldKey: "$GATEWAY_API_KEY"}, ""},
		{"the base URL's", map[gateway.Field]string{gateway.FieldBaseURL: "profile home", gateway.FieldModel: "--model"}, "home"},
		{"only the key's", map[gateway.Field]string{gateway.FieldBaseURL: "--base-url", gateway.FieldKey: "profile work"}, "work"},
		{"the base URL's first", map[gateway.Field]string{gateway.FieldBaseURL: "profile a", gateway.FieldModel: "profile b"}, "a"},
	} {
		if got := StoredName(gateway.Profile{Sources: c.sources}); got != c.want {
			t.Errorf("%s: StoredName = %q, want %q", c.name, got, c.want)
		}
	}
}
