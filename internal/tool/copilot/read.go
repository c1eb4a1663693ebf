package copilot

import (
	"errors"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/shellprofile"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/shell"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// vars are the variables Copilot CLI takes its provider from, in the
// order the block sets them.
var vars = []string{BaseURL, Type, WireAPI, APIKey, BearerToken, KeyCommand, Model}

// State is what discovery read of Copilot CLI's setup: the shell profile
// and keydoctor's block in it (StateOf).
type State struct {
	Shell   shell.Shell
	Profile string // the profile's path ("" when the shell reads none)
	Block   shellprofile.Block
	// InBlock are the block's variables as a new shell would have them
	// (a reference resolved from this environment), by name; Refs the
	// variable each reference names.
	InBlock map[string]discover.Value
	Refs    map[string]string
}

// StateOf is what discovery read into s.
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// NotLoaded reports whether the block sets a provider this environment
// does not have: the shell that started keydoctor has not read the block
// (it was written since, or the shell reads another profile).
func (st *State) NotLoaded(s *discover.Snapshot) bool {
	b, ok := st.InBlock[BaseURL]
	return ok && s.Shell(BaseURL).Value != b.Value
}

// ReadFiles reads keydoctor's block in the user's shell profile.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	st := &State{Shell: shell.Of(s.Env), Profile: Profile(s.Env), InBlock: map[string]discover.Value{}, Refs: map[string]string{}}
	s.SetState(t.ID, st)
	if st.Profile == "" {
		return
	}
	s.NotePath(st.Profile, string(t.ID))
	b, ok, err := discover.ReadFile(st.Profile)
	if !ok {
		return
	}
	if err != nil {
		s.AddProblem(discover.Unreadable(string(t.ID), st.Profile, err))
		return
	}
	blk, err := shellprofile.Find(b, Owner)
	var se *shellprofile.SyntaxError
	if errors.As(err, &se) {
		s.AddProblem(discover.Problem{Tool: string(t.ID), File: st.Profile, Line: se.Line, Col: se.Col, Message: se.Msg,
			Edit: "keep one '" + shellprofile.Begin(Owner) + "' line and one '" + shellprofile.End(Owner) + "' line around keydoctor's block", Setup: true})
		return
	}
	st.Block = blk
	var environ []string
	for _, set := range blk.Vars {
		v := discover.Value{Value: set.Value, Source: discover.Source{File: st.Profile, Line: set.Line, Key: set.Name}}
		if set.Ref != "" {
			st.Refs[set.Name] = set.Ref
			v.Value = s.Env.Getenv(set.Ref)
		}
		st.InBlock[set.Name] = v
		environ = append(environ, set.Name+"="+v.Value)
	}
	s.MaskEnviron(environ)
}

// value is a variable as Copilot CLI started from this shell has it: the
// environment's, beating the block's, else the block's (what a new shell
// would have).
func (st *State) value(s *discover.Snapshot, name string) discover.Value {
	sh, inBlock := s.Shell(name), st.InBlock[name]
	switch {
	case sh.Set() && inBlock.Set() && inBlock.Value != sh.Value:
		sh.Overrides = []discover.Value{inBlock}
		return sh
	case sh.Set():
		return sh
	}
	return inBlock
}

// Resolve is Copilot CLI's provider when a base URL is set (without one it
// signs in to GitHub, which keydoctor does not judge).
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	st := StateOf(s)
	base := st.value(s, BaseURL)
	if !base.Set() {
		return nil
	}
	typ, wire := st.value(s, Type), st.value(s, WireAPI)
	r := discover.Tool{ID: ID, Rule: rule(typ.Value, wire.Value), Label: t.Title, Base: base,
		Model: st.value(s, Model), NeedsModel: true, KeyName: APIKey}
	at := func(name string) discover.Source {
		if v, ok := st.InBlock[name]; ok {
			return v.Source
		}
		return discover.Source{Key: name}
	}
	r.Places = discover.Places{Base: at(BaseURL), Key: at(APIKey), Model: at(Model)}
	for _, name := range []string{APIKey, BearerToken} {
		if v := st.value(s, name); v.Set() {
			r.Key, r.KeyName = v, name // the bearer token beats the key
			r.Credentials = append(r.Credentials, v)
		}
	}
	if ref, ok := st.Refs[r.KeyName]; ok && r.Key.Source.File != "" {
		// The block names the variable: the key is that variable's, the
		// profile holds none.
		r.KeyVar = discover.Value{Value: ref, Source: r.Key.Source}
		r.Key = s.Shell(ref)
		r.Credentials[len(r.Credentials)-1] = r.Key
	}
	if r.KeyName == BearerToken {
		r.Auth = gateway.AuthBearer
	}
	r.Headers, r.HeadersAt = discover.HeaderLines(st.value(s, Headers)), at(Headers)
	if cmd := st.value(s, KeyCommand); cmd.Set() {
		r.Helper, r.KeyCommand = cmd, true // it beats both
	}
	return []discover.Tool{r}
}
