package setup

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// script is an Asker that answers from a list, one answer per question,
// and records each question's title.
type script struct {
	answers []any // string (Select, Input), []string (MultiSelect), bool (Confirm)
	asked   []string
	offered [][]Option // each MultiSelect's options
	selects [][]Option // each Select's options
}

func (s *script) next(title string) (any, error) {
	s.asked = append(s.asked, title)
	if len(s.answers) == 0 {
		return nil, fmt.Errorf("unexpected question %q", title)
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a, nil
}

func (s *script) Select(_ context.Context, title string, opts []Option, v *string) error {
	s.selects = append(s.selects, opts)
	a, err := s.next(title)
	if err == nil {
		*v = a.(string)
	}
	return err
}

func (s *script) MultiSelect(_ context.Context, title string, opts []Option, v *[]string) error {
	s.offered = append(s.offered, opts)
	a, err := s.next(title)
	if err == nil {
		*v = a.([]string)
	}
	return err
}

func (s *script) Input(_ context.Context, q Input, v *string) error {
	a, err := s.next(q.Title)
	if err != nil {
		return err
	}
	if q.Validate != nil {
		if err := q.Validate(a.(string)); err != nil {
			return fmt.Errorf("%s: %q refused: %v", q.Title, a, err)
		}
	}
	*v = a.(string)
	return nil
}

func (s *script) Confirm(_ context.Context, title, _, _ string, v *bool) error {
	a, err := s.next(title)
	if err == nil {
		*v = a.(bool)
	}
	return err
}

// TestWizardRun: each answer leads to the next question as the setup
// wizard's flow says (a rejected key, nothing answering, a model the
// gateway does not list, no tool picked), and the profile and tools end
// as answered. The key is never in what the wizard prints.
func TestWizardRun(t *testing.T) {
	const other = "sk-test-fedcba9876543210fedc"
	served := []string{"gpt-4o", "gpt-4o-mini"}
	for _, tc := range []struct {
		name    string
		model   string  // a --model
		lists   []error // what each model list returns (nil: served)
		answers []any
		asked   string // the questions' titles, "|"-joined
		key     string
		want    string // the model chosen
		tools   []gateway.ToolID
	}{
		{"accepted", "", []error{nil}, []any{"taotoken", true, "gpt-4o-mini", []string{"claude"}},
			"Gateway|Use the key from TAOTOKEN_API_KEY (sk-t****0123)?|Model|Tools to configure", testKey, "gpt-4o-mini", []gateway.ToolID{gateway.ToolID("claude")}},
		{"rejected key, another typed", "", []error{errors.New(string(catalog.AuthInvalid)), nil},
			[]any{"taotoken", true, false, "  " + other + "\n", "gpt-4o", []string{"codex"}},
			"Gateway|Use the key from TAOTOKEN_API_KEY (sk-t****0123)?|Write this key anyway?|API key|Model|Tools to configure", other, "gpt-4o", []gateway.ToolID{gateway.ToolID("codex")}},
		{"nothing answers, go on", "", []error{errors.New(string(catalog.ConnectRefused))},
			[]any{"taotoken", true, false, "my-model", []string{}, []string{"env"}},
			"Gateway|Use the key from TAOTOKEN_API_KEY (sk-t****0123)?|Type the base URL again?|Model|Tools to configure|Tools to configure", testKey, "my-model", []gateway.ToolID{gateway.ToolID("env")}},
		{"unlisted --model, another picked", "gpt-5", []error{nil},
			[]any{"taotoken", true, false, "gpt-4o", []string{"claude"}},
			"Gateway|Use the key from TAOTOKEN_API_KEY (sk-t****0123)?|Use gpt-5 anyway?|Model|Tools to configure", testKey, "gpt-4o", []gateway.ToolID{gateway.ToolID("claude")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut strings.Builder
			ask := &script{answers: tc.answers}
			p := gateway.Profile{Preset: "taotoken", Key: testKey, KeyVar: "TAOTOKEN_API_KEY", VarBaseURL: "TAOTOKEN_BASE_URL",
				Model: tc.model, Sources: map[gateway.Field]string{gateway.FieldKey: "TAOTOKEN_API_KEY"}}
			if tc.model != "" {
				p.Sources[gateway.FieldModel] = "--model"
			}
			lists := tc.lists
			w := &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &out, Err: &errOut, Profile: p,
				ListModels: func(_ context.Context, root, key string) ([]string, error) {
					if root != "https://taotoken.net/api" {
						t.Errorf("listed %s", root)
					}
					err := lists[0]
					lists = lists[1:]
					if err != nil {
						return nil, err
					}
					return served, nil
				}}
			if err := w.Run(context.Background()); err != nil {
				t.Fatalf("%v\nasked: %q\nout: %s", err, ask.asked, out.String())
			}
			if got := strings.Join(ask.asked, "|"); got != tc.asked {
				t.Errorf("asked %s\nwant  %s", got, tc.asked)
			}
			if w.Profile.Key != tc.key || w.Profile.Model != tc.want || fmt.Sprint(w.Tools) != fmt.Sprint(tc.tools) {
				t.Errorf("profile key %q model %q tools %v, want %q %q %v", w.Profile.Key, w.Profile.Model, w.Tools, tc.key, tc.want, tc.tools)
			}
			for _, k := range []string{testKey, other} {
				if strings.Contains(out.String()+errOut.String(), k) {
					t.Errorf("the wizard printed the key:\n%s%s", out.String(), errOut.String())
				}
			}
		})
	}
}

// TestWizardInterrupted: the run's context ending while the gateway is
// asked is ErrInterrupted, and nothing more is asked.
func TestWizardInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ask := &script{}
	w := &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &strings.Builder{}, Err: &strings.Builder{},
		Profile: gateway.Profile{BaseURL: "https://taotoken.net/api", Key: testKey, Sources: map[gateway.Field]string{}},
		ListModels: func(context.Context, string, string) ([]string, error) {
			cancel()
			return nil, context.Canceled
		}}
	if err := w.ReadModels(ctx); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err = %v, want ErrInterrupted", err)
	}
	if len(ask.asked) != 0 {
		t.Errorf("asked %q", ask.asked)
	}
}
