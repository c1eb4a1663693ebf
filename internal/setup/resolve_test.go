package setup

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

func TestChooseTools(t *testing.T) {
	team := &profile.Team{Tools: []string{"codex", "claude"}}
	list := ""
	ids, err := ChooseTools(&list, team)
	if err != nil || !slices.Equal(ids, []gateway.ToolID{"codex", "claude"}) || list != "codex,claude" {
		t.Errorf("the team file's tools: %v %q %v", ids, list, err)
	}
	list = "claude, claude"
	if ids, err = ChooseTools(&list, team); err != nil || !slices.Equal(ids, []gateway.ToolID{"claude"}) {
		t.Errorf("--tools beats the team file, once each: %v %v", ids, err)
	}
	list = ""
	if ids, err = ChooseTools(&list, nil); err != nil || ids != nil {
		t.Errorf("none named: %v %v", ids, err)
	}
	list = "nosuchtool"
	var ue *gateway.UsageError
	if _, err = ChooseTools(&list, nil); !errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, "--tools: ") {
		t.Errorf("an unknown tool is a usage error: %v", err)
	}
}

func TestKeyEnv(t *testing.T) {
	team := &profile.Team{KeyEnv: "TEAM_KEY"}
	for _, c := range []struct {
		team            *profile.Team
		flag, preloaded string
		want            string
	}{
		{team, "FLAG_KEY", "USE_KEY", "TEAM_KEY"},
		{nil, "FLAG_KEY", "USE_KEY", "FLAG_KEY"},
		{&profile.Team{}, "", "USE_KEY", "USE_KEY"},
		{nil, "", "", ""},
	} {
		if got := KeyEnv(c.team, c.flag, c.preloaded); got != c.want {
			t.Errorf("KeyEnv(%v, %q, %q) = %q, want %q", c.team, c.flag, c.preloaded, got, c.want)
		}
	}
}

func TestForgetStoredBackground(t *testing.T) {
	p := gateway.Profile{BackgroundModel: "small", Sources: map[gateway.Field]string{gateway.FieldBackgroundModel: "profile home"}}
	ForgetStoredBackground(&p)
	if p.BackgroundModel != "" || p.Source(gateway.FieldBackgroundModel) != "" {
		t.Errorf("a stored background model is kept: %+v", p)
	}
	p = gateway.Profile{BackgroundModel: "small", Sources: map[gateway.Field]string{gateway.FieldBackgroundModel: "--background-model"}}
	ForgetStoredBackground(&p)
	if p.BackgroundModel != "small" {
		t.Errorf("a given background model is dropped: %+v", p)
	}
}

// The note names where the key came from, never the key.
func TestTrimKey(t *testing.T) {
	const key = "sk-test-fake-0123456789"
	var out bytes.Buffer
	p := gateway.Profile{Key: " " + key + "\n", Sources: map[gateway.Field]string{gateway.FieldKey: "$GATEWAY_API_KEY"}}
	TrimKey(&out, &p)
	if p.Key != key || !strings.Contains(out.String(), "removed the white space around the key from $GATEWAY_API_KEY") {
		t.Errorf("key %q, note %q", p.Key, out.String())
	}
	if strings.Contains(out.String(), key) {
		t.Fatal("the key was printed")
	}
	out.Reset()
	TrimKey(&out, &p)
	if out.Len() != 0 {
		t.Errorf("a clean key gets a note: %q", out.String())
	}
}
