package cline

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// VerifyRead is verify's Reader.
func (impl) VerifyRead(s *discover.Snapshot, _ tool.Tool) (verify.Configured, error) {
	return fromCline(s)
}

// fromCline is the Cline CLI's triple: the last used provider of
// providers.json.
func fromCline(s *discover.Snapshot) (verify.Configured, error) {
	e, cl := s.Env, StateOf(s)
	c, err := verify.Opened(s, ID, cl.ProvidersPath, cl.Exists, "the Cline CLI is not configured")
	if err != nil {
		return c, err
	}
	en, ok := cl.Active()
	if !ok {
		return c, fmt.Errorf("%s: lastUsedProvider %q has no entry under providers", e.Tilde(cl.ProvidersPath), cl.LastUsed.Value)
	}
	if err := verify.Fatal(s, cl.ProvidersPath, false); err != nil {
		return c, err
	}
	c.Provider, c.Auth = en.ID, en.Auth()
	if c.Auth == gateway.AuthXAPIKey { // the anthropic provider (docs/tools.md)
		rule := AnthropicWire
		c.Rule = &rule
	}
	c.Base, c.BaseSource = verify.Value(e, en.BaseURL)
	c.Model, c.ModelSource = verify.Value(e, en.Model)
	c.Key, c.KeySource = verify.Value(e, en.Key)
	return c, nil
}

// clineSkip are data subdirectories a verify turn does not need: task
// history and caches can be large and hold the user's conversations.
var clineSkip = map[string]bool{"tasks": true, "checkpoints": true, "cache": true, "logs": true, "worktrees": true, "sessions": true}

// VerifyRedirect is verify's Redirector: it copies the Cline data directory into tmp and points the
// copy's active provider at the relay; the CLI runs on the copy with
// --data-dir: the user's own files are only read.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	e, c, relayBase, tmp := r.Env, r.Configured, r.RelayBase, r.Tmp
	src := Data(e)
	dst := filepath.Join(tmp, "cline-data")
	if err := copyTree(src, dst, 64<<20); err != nil {
		return fmt.Errorf("copying %s: %w", e.Tilde(src), err)
	}
	rel, err := filepath.Rel(src, ProvidersFile(e))
	if err != nil {
		return err
	}
	providers := filepath.Join(dst, rel)
	b, err := safefile.ReadFile(providers)
	if err != nil {
		return err
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return err
	}
	entry, _ := mapAt(doc, Providers, c.Provider)
	settings, ok := mapAt(entry, Settings)
	if !ok {
		return fmt.Errorf("providers.%s.settings is not an object", c.Provider)
	}
	settings[BaseURL] = relayBase
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	r.Vars["{data}"] = dst
	return os.WriteFile(providers, out, 0o600)
}

func mapAt(m map[string]any, keys ...string) (map[string]any, bool) {
	for _, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil, false
		}
		m = next
	}
	return m, m != nil
}

// copyTree copies a directory of regular files (modes kept), skipping
// clineSkip and symlinks, and refusing more than limit bytes.
func copyTree(src, dst string, limit int64) error {
	var total int64
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			if path != src && clineSkip[d.Name()] {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o700)
		case !info.Mode().IsRegular():
			return nil
		}
		if total += info.Size(); total > limit {
			return fmt.Errorf("more than %d MiB to copy", limit>>20)
		}
		return copyFile(path, target, info.Mode().Perm())
	})
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := safefile.Open(src, safefile.MaxConfig)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, perm&0o700)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, io.LimitReader(in, safefile.MaxConfig)); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
