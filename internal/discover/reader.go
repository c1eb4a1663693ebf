package discover

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Reader is what discovery consumes of a tool package (its tool.Tool's
// Impl): ReadFiles reads the tool's files into the snapshot, keeping what
// it found as the tool's own state (SetState) and noting every path and
// problem; Resolve turns that state into the triples the tool uses.
type Reader interface {
	ReadFiles(s *Snapshot, t tool.Tool)
	Resolve(s *Snapshot, t tool.Tool) []Tool
}

// OwnReader is implemented by a tool whose own triple (what verify runs a
// turn against) is not the first resolved instance that is not an MCP
// server entry: one resolved even when nothing configures it.
type OwnReader interface {
	Own(s *Snapshot, t tool.Tool) (Tool, bool)
}

// KeyAuther is implemented by a tool that knows the header a key variable
// is sent in by its name (two key variables of one family sent in two
// headers): discovery asks every tool for a key whose tool did not say.
type KeyAuther interface {
	ResolveKeyAuth(keyName string) (gateway.Auth, bool)
}

// readerOf is t's reader: its package's, else the shared one of a generic
// format (variables of the shell, a JSON file with the triple at fixed
// keys), else none.
func readerOf(t tool.Tool) (Reader, bool) {
	if r, ok := t.Impl.(Reader); ok {
		return r, true
	}
	switch t.Format {
	case tool.FormatShell:
		return shellReader{}, true
	case tool.FormatJSONKey:
		return JSONKeys(), true
	}
	return nil, false
}

// Reads reports whether discovery has a reader for a tool.
func Reads(t tool.Tool) bool { _, ok := readerOf(t); return ok }

// State is what a tool's reader kept for the tool of that id (nil when it
// kept nothing): the tool's package owns its type and exports a typed
// accessor.
func (s *Snapshot) State(id gateway.ToolID) any { return s.state[id] }

// StateFor is the state of type T a tool's reader kept for id: the typed
// accessor a tool package exports is this, with its own T and id. With
// none kept (the reader did not run), an empty one is kept and returned.
func StateFor[T any](s *Snapshot, id gateway.ToolID) *T {
	if st, ok := s.State(id).(*T); ok {
		return st
	}
	st := new(T)
	s.SetState(id, st)
	return st
}

// SetState keeps a tool's state in the snapshot.
func (s *Snapshot) SetState(id gateway.ToolID, v any) {
	if s.state == nil {
		s.state = map[gateway.ToolID]any{}
	}
	s.state[id] = v
}

// StoredKey is a key a tool's files hold that no resolved triple may
// carry (a sign-in file's key the selected provider does not send): a
// secret all the same, for the checks of key files and for masking.
type StoredKey struct {
	Tool  gateway.ToolID
	Value Value
}

// AddStored notes a key a tool's files hold (nothing for an empty one).
func (s *Snapshot) AddStored(id gateway.ToolID, v Value) {
	if v.Value != "" {
		s.Stored = append(s.Stored, StoredKey{Tool: id, Value: v})
	}
}

// MaskEnviron tells the run's masking about the values of NAME=value
// assignments a file holds under a secret's name (a token, a password),
// whether or not a triple carries them.
func (s *Snapshot) MaskEnviron(vars []string) {
	if s.Env != nil && s.Env.Secrets != nil {
		s.Env.Secrets.AddEnviron(vars)
	}
}

// shellReader is the reader of the programs that read their triple only
// from the shell (the SDKs): nothing to read, one triple to resolve.
type shellReader struct{}

func (shellReader) ReadFiles(*Snapshot, tool.Tool) {}

func (shellReader) Resolve(s *Snapshot, t tool.Tool) []Tool { return s.resolveShell(t) }

// HelperKeyer is implemented by a tool whose key may come from a command
// its settings name (a key helper): HelperKey runs it as
// the tool does, under ctx's deadline, and returns the key it printed
// and how the tool sends it. An error says why there is none, in words a
// finding can carry; a command a file of the project names is refused (a
// *NotRunError).
type HelperKeyer interface {
	HelperKey(ctx context.Context, s *Snapshot, t Tool) (Helped, error)
}

// Helped is a key a command produced, the header the tool sends it in
// and the other headers it goes in too.
type Helped struct {
	Key     string
	Auth    gateway.Auth
	Headers []Header
}

// NotRunError is a key command keydoctor will not run: a file of the
// project (a cloned repository's) names it, and a repository may not
// choose what code runs on this machine.
type NotRunError struct{ Where string }

func (e *NotRunError) Error() string {
	return "the key comes from a command a file of the project names (" + e.Where + "): keydoctor runs no command a cloned repository chooses"
}
