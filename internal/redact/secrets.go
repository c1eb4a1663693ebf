// Package redact is where secrets are hidden and untrusted bytes made
// harmless before anything reaches a terminal, a pipe or a file a user
// reads: Mask (the contract's display of a key), Redact and RedactURL
// (known secrets and URL credentials in text), MaskSecrets (every secret a
// file's text shows), and Writer, the one writer stdout and stderr go
// through, which knows every secret the run has seen (Secrets) and escapes
// control bytes.
package redact

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// MinSecret is the shortest value a Secrets set searches for in output:
// a shorter one (PASSWORD=1234) would mask every "1234" printed. Shorter
// secrets are masked where they are shown (Mask, MaskSecrets).
const MinSecret = 8

// Secrets is every secret a run has seen: the profile's key, keys read
// from key files, .env files, tools' settings and the environment, a key
// typed at a prompt. What registers a secret does not print it; the
// Writer masks it wherever it shows up. Add is cheap when the value is
// known already (one map look-up) and safe from any goroutine; List never
// blocks. A nil *Secrets ignores Add and lists nothing, so code that runs
// without a command around it (a unit test) needs none.
type Secrets struct {
	mu   sync.Mutex
	seen map[string]bool
	list atomic.Pointer[[]string] // longest first: a key inside a longer one is masked after it
}

// NewSecrets returns an empty set.
func NewSecrets() *Secrets { return &Secrets{seen: map[string]bool{}} }

// Add registers each value worth searching for: trimmed, at least
// MinSecret long, not masked already. A value JSON writes differently (a
// quote, <, &, \) is registered as --json prints it too.
func (s *Secrets) Add(values ...string) {
	if s == nil {
		return
	}
	var fresh []string
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) < MinSecret || strings.Contains(v, Hidden) {
			continue
		}
		fresh = append(fresh, v)
		if b, err := json.Marshal(v); err == nil && string(b[1:len(b)-1]) != v {
			fresh = append(fresh, string(b[1:len(b)-1]))
		}
	}
	if len(fresh) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	changed := false
	for _, v := range fresh {
		if !s.seen[v] {
			s.seen[v], changed = true, true
		}
	}
	if !changed {
		return
	}
	list := make([]string, 0, len(s.seen))
	for v := range s.seen {
		list = append(list, v)
	}
	slices.SortFunc(list, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	s.list.Store(&list)
}

// List is every registered value, longest first. The slice is shared:
// do not modify it.
func (s *Secrets) List() []string {
	if s == nil {
		return nil
	}
	if l := s.list.Load(); l != nil {
		return *l
	}
	return nil
}

// AddEnviron registers the value of every variable named as a secret is
// (OPENAI_API_KEY, GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, DB_PASSWORD…) in
// environ (KEY=VALUE pairs): a key in the environment is one a message, a
// tool's output or an echoed request may show, whether or not keydoctor
// was asked to use it. Only the name's last word counts: TAOTOKEN_MODEL
// and KEYDOCTOR_MODEL hold model ids, which must stay readable.
func (s *Secrets) AddEnviron(environ []string) {
	if s == nil {
		return
	}
	for _, kv := range environ {
		name, v, ok := strings.Cut(kv, "=")
		if ok && envSecret.MatchString(name) && !strings.Contains(v, "://") && !varName.MatchString(v) {
			s.Add(v)
		}
	}
}

var envSecret = regexp.MustCompile(`(?i)(?:^|_)(?:KEY|APIKEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)$`)
