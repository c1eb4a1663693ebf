package catalog

import (
	"strings"
	"testing"
)

// The codes are a contract (docs/architecture.md, Contracts).
var contract = strings.Fields(`env-missing key-malformed key-placeholder url-invalid url-insecure
url-double-version url-missing-version url-has-endpoint url-has-query triple-drift value-overridden
auth-conflict config-invalid config-ignored codex-chat-wire codex-env-key-unset secret-perms
secret-in-git proxy-unreachable proxy-captures-local local-relay-down claude-key-rejected temp-file-left profile-in-use key-orphaned team-drift
dns-failed connect-refused connect-timeout tls-untrusted tls-failed http-redirect http-html
auth-invalid auth-forbidden endpoint-not-found protocol-unsupported model-not-found model-mismatch
rate-limited server-error timeout-headers timeout-stream error-in-200 usage-missing
stream-empty-choices stream-unterminated stream-buffered stream-not-sse latency-high
http-error`)

func TestEveryContractCodeHasAnEntry(t *testing.T) {
	for _, c := range contract {
		e, ok := Lookup(c)
		if !ok {
			t.Errorf("code %s is missing from the catalog", c)
			continue
		}
		if e.Title == "" || e.Fix == "" || len(e.Causes) == 0 {
			t.Errorf("%s: title, causes and fix must all be set", c)
		}
		if strings.HasSuffix(e.Title, ".") || strings.HasSuffix(e.Fix, ".") {
			t.Errorf("%s: title and fix end without a period, as every message does", c)
		}
	}
	if len(Codes()) != len(contract) {
		t.Errorf("catalog has %d codes, contract %d: add new codes to the contract list too", len(Codes()), len(contract))
	}
}

func TestAllPutsConfigFirst(t *testing.T) {
	all := All()
	seenWire := false
	for _, e := range all {
		if e.Stage == Wire {
			seenWire = true
		} else if seenWire {
			t.Fatalf("config code %s after a wire code", e.Code)
		}
	}
}
