package profile

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

func TestCurrentDecide(t *testing.T) {
	const k1, k2 = "sk-test-0123456789abcdef0123", "sk-test-fedcba9876543210fedc"
	for _, tc := range []struct {
		name       string
		field      gateway.Field
		votes      []vote
		want       string
		note, conf string // substrings; "" means none
	}{
		{"none", gateway.FieldModel, nil, "", "", ""},
		{"agree", gateway.FieldModel, []vote{{"a", "gpt-5"}, {"b", "gpt-5"}}, "gpt-5", "", ""},
		{"majority", gateway.FieldModel, []vote{{"a", "gpt-4.1"}, {"b", "gpt-5"}, {"c", "gpt-5"}}, "gpt-5",
			"kept gpt-5 (b, c), which most of them hold, over gpt-4.1 (a)", ""},
		{"tie", gateway.FieldModel, []vote{{"a", "gpt-5"}, {"b", "gpt-4.1"}}, "", "", "the tools disagree on the model: gpt-5 (a), gpt-4.1 (b)"},
		{"plurality is not a majority", gateway.FieldBaseURL, []vote{{"a", "x"}, {"b", "x"}, {"c", "y"}, {"d", "z"}}, "", "", "the base URL: x (a, b)"},
		{"keys masked", gateway.FieldKey, []vote{{"a", k1}, {"b", k2}}, "", "", "sk-t****0123 (a), sk-t****fedc (b)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Current{Notes: map[gateway.Field]string{}, Conflicts: map[gateway.Field]string{}}
			if got := c.decide(tc.field, tc.votes); got != tc.want {
				t.Errorf("value %q, want %q", got, tc.want)
			}
			for _, x := range []struct{ got, want string }{{c.Notes[tc.field], tc.note}, {c.Conflicts[tc.field], tc.conf}} {
				if (x.want == "") != (x.got == "") || !strings.Contains(x.got, x.want) {
					t.Errorf("got %q, want %q", x.got, x.want)
				}
				if strings.Contains(x.got, k1) || strings.Contains(x.got, k2) {
					t.Errorf("a key printed: %q", x.got)
				}
			}
		})
	}
}
