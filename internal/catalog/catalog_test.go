package catalog

import (
	"strings"
	"testing"
)

// The codes are a contract (docs/architecture.md, Contracts).
var contract = strings.Fields(`env-not-loaded system-proxy-captures-local launchd-env-differs wsl-loopback-crossed env-missing key-malformed key-placeholder url-invalid url-insecure
url-double-version url-missing-version url-has-endpoint url-has-query triple-drift value-overridden
auth-conflict config-invalid config-ignored codex-chat-wire codex-env-key-unset secret-perms
secret-in-git proxy-unreachable proxy-captures-local local-relay-down claude-key-rejected temp-file-left profile-in-use key-orphaned team-drift
dotenv-shadow model-undeclared claude-gateway-http codex-legacy-profile codex-auth-unsent codex-login-sent url-anthropic-root auth-type-unset usage-stats-on facts-older header-missing router-client-key router-upstream-auth router-model-unrouted router-upstream-error
droid-exec-failed droid-model-unselected
dns-failed connect-refused connect-timeout tls-untrusted tls-failed http-redirect http-html
auth-invalid auth-forbidden endpoint-not-found protocol-unsupported model-not-found model-mismatch
rate-limited server-error timeout-headers timeout-stream error-in-200 usage-missing
stream-empty-choices stream-unterminated stream-buffered stream-not-sse latency-high
http-error quota-exhausted upstream-overloaded model-no-channel cdn-page answer-empty
encoding-unasked response-too-large provider-bypass route-info
key-helper-conflict login-to-gateway key-overridden gateway-down
pi-model-fallback copilot-model-unset profile-not-loaded
openclaw-model-name crush-model-fallback crush-script-unread
mcp-server-broken key-helper-failed`)

func TestEveryContractCodeHasAnEntry(t *testing.T) {
	for _, c := range contract {
		if _, ok := Lookup(Code(c)); !ok {
			t.Errorf("code %s is missing from the catalog", c)
		}
	}
	if len(Codes()) != len(contract) {
		t.Errorf("catalog has %d codes, contract %d: add new codes to the contract list too", len(Codes()), len(contract))
	}
}

func TestEveryEntryIsComplete(t *testing.T) {
	rungs := map[Class][]Rung{
		Wire:   {RungReach, RungAuth, RungModels, RungRequest, RungStream, RungLatency, RungAny},
		Config: {CondFiles, CondValues, CondURLs, CondPrecedence, CondEnvironment, CondHygiene},
	}
	for _, e := range All() {
		c := e.Code
		if e.Title == "" || e.Fix == "" || len(e.Causes) == 0 {
			t.Errorf("%s: title, causes and fix must all be set", c)
		}
		if strings.HasSuffix(e.Title, ".") || strings.HasSuffix(e.Fix, ".") {
			t.Errorf("%s: title and fix end without a period, as every message does", c)
		}
		if !contains(rungs[e.Class], e.Rung) {
			t.Errorf("%s: rung %q is not one of the %s class's", c, e.Rung, e.Class)
		}
		if e.Severity != Error && e.Severity != Warning && e.Severity != Info {
			t.Errorf("%s: severity %q", c, e.Severity)
		}
		if e.FixRank <= 0 {
			t.Errorf("%s: no fix rank", c)
		}
		if e.Retry && e.Class == Config {
			t.Errorf("%s: a configuration code is never worth a retry", c)
		}
	}
}

func contains[T comparable](s []T, v T) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Every fix template parses, names only known slots, and renders without
// leftover template syntax both empty (explain) and fully filled.
func TestFixTemplates(t *testing.T) {
	full := Slots{Tool: "Claude Code", File: "~/.claude/settings.json", Line: 3, Key: "ANTHROPIC_BASE_URL", Value: "https://gw.example/api",
		Was: "https://gw.example/api/v1", Command: "keydoctor setup", Host: "gw.example:443", Model: "gpt-4o", URL: "https://gw.example/api/v1/models", Wait: "20s",
		Edit: `set "env.ANTHROPIC_BASE_URL" to "https://gw.example/api" in ~/.claude/settings.json (line 3)`, Remove: `delete "env.ANTHROPIC_API_KEY" from ~/.claude/settings.json (line 4)`}
	for _, e := range All() {
		for _, s := range []Slots{{}, full} {
			if _, _, err := render(e.Fix, s); err != nil {
				t.Fatalf("%s: %v", e.Code, err)
			}
			got := Render(e.Code, s)
			// {} is JSON's empty object (model-undeclared), not a slot.
			if strings.ContainsAny(strings.ReplaceAll(got, "{}", ""), "{}") || strings.Contains(got, "[!") || strings.Contains(got, "  ") {
				t.Errorf("%s renders with template syntax left: %q", e.Code, got)
			}
		}
	}
}

func TestRender(t *testing.T) {
	tpl := func(fix string, s Slots) string {
		out, _, err := render(fix, s)
		if err != nil {
			t.Fatal(err)
		}
		return tidy(out)
	}
	tests := []struct {
		fix  string
		s    Slots
		want string
	}{
		{"set {key} to {value}", Slots{Key: "K", Value: "v"}, "set K to v"},
		{"set {key} to {value}", Slots{}, "set KEY to VALUE"},
		{"store it in {key|the variable}", Slots{}, "store it in the variable"},
		{"store it in {key|the variable}", Slots{Key: "K"}, "store it in K"},
		{"check the host[ ({host})]", Slots{}, "check the host"},
		{"check the host[ ({host})]", Slots{Host: "h:1"}, "check the host (h:1)"},
		{"[use {value}][!value copy it from the docs]", Slots{}, "copy it from the docs"},
		{"[use {value}][!value copy it from the docs]", Slots{Value: "x"}, "use x"},
		{"[a {value}[ in {file}]]", Slots{Value: "x"}, "a x"},
		{"[a {value}[ in {file}]]", Slots{Value: "x", File: "f"}, "a x in f"},
		{"rename \\[model_providers.{value}\\]", Slots{Value: "gw"}, "rename [model_providers.gw]"},
	}
	for _, tt := range tests {
		if got := tpl(tt.fix, tt.s); got != tt.want {
			t.Errorf("render(%q, %+v) = %q, want %q", tt.fix, tt.s, got, tt.want)
		}
	}
	for _, bad := range []string{"{nope}", "[unclosed", "stray ]", "{open", "[!nope x]"} {
		if _, _, err := render(bad, Slots{}); err == nil {
			t.Errorf("render(%q) accepted a broken template", bad)
		}
	}
}

func TestAllPutsConfigFirst(t *testing.T) {
	seenWire := false
	for _, e := range All() {
		if e.Class == Wire {
			seenWire = true
		} else if seenWire {
			t.Fatalf("config code %s after a wire code", e.Code)
		}
	}
}

// FileFix is declared beside each code: these are the codes `doctor --fix`
// edits a file for (was fixer's registry), and none that needs the user.
func TestFileFix(t *testing.T) {
	for _, c := range []Code{URLDoubleVersion, URLMissingVersion, URLHasEndpoint, URLHasQuery, TripleDrift, AuthConflict,
		CodexChatWire, SecretPerms, SecretInGit, ConfigInvalid, ModelNotFound, LoginToGateway, AuthTypeUnset} {
		if e, ok := Lookup(c); !ok || !e.FileFix {
			t.Errorf("%s is not FileFix (in the catalog: %v)", c, ok)
		}
	}
	for _, c := range []Code{ProxyUnreachable, LocalRelayDown, KeyPlaceholder, AuthInvalid, URLInsecure, URLInvalid} {
		if Of(c).FileFix {
			t.Errorf("%s is FileFix: it is not a file edit", c)
		}
	}
}
