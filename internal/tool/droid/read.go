package droid

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/tidwall/gjson"
)

// droidID names Factory Droid in problems and paths.
const droidID = string(ID)

// State is what Droid reads (StateOf): its settings levels, highest
// precedence first (the project's folders up to the git root, the user's
// settings.json, the legacy config.json).
type State struct {
	Levels []Level
}

// Level is one settings file.
type Level struct {
	Role, Path string
	Exists     bool
	// Default is sessionDefaultSettings.model.
	Default discover.Value
	Entries []Entry
}

// Entry is one custom model.
type Entry struct {
	// ID is the id Droid gives it ("custom:NAME-n"); Index its place in
	// the file's list.
	ID                                 string
	Index                              int
	Legacy                             bool
	Path                               string
	Model, Display, BaseURL, Key, Kind discover.Value
	// Headers are the entry's extra headers.
	Headers []discover.Header
	// Raw is the entry as written, for verify's copy of it.
	Raw string
}

// StateOf is what discovery read of Droid's files into s.
func StateOf(s *discover.Snapshot) *State { return discover.StateFor[State](s, ID) }

// ReadFiles reads every level, highest precedence first.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) {
	st := &State{}
	s.SetState(t.ID, st)
	files := t.FilesOf(s.Env, s.Project)
	for i := len(files) - 1; i >= 0; i-- {
		f := files[i]
		s.NotePath(f.Path, droidID)
		doc, prob := discover.LoadJSON(droidID, f.Path, f.Syntax == tool.JSONC)
		if prob != nil {
			s.AddProblem(*prob)
		}
		l := Level{Role: f.Role, Path: f.Path, Exists: doc != nil}
		if doc != nil {
			readLevel(s, doc, &l)
		}
		st.Levels = append(st.Levels, l)
	}
}

// readLevel reads one file's default model and custom models.
func readLevel(s *discover.Snapshot, doc *discover.JSONDoc, l *Level) {
	str := func(path, key string) discover.Value {
		v, _, prob := doc.Str(droidID, path, key)
		if prob != nil {
			s.AddProblem(*prob)
		}
		return v
	}
	list, names := CustomModels, [5]string{DisplayName, BaseURL, APIKey, MaxOutputTokens, ExtraHeaders}
	legacy := l.Role == "legacy"
	if legacy {
		list, names = LegacyModels, [5]string{LegacyDisplay, LegacyBase, LegacyKey, LegacyMax, LegacyHeaders}
	} else {
		l.Default = str(SessionDefaults+"."+Model, SessionDefaults+"."+Model)
	}
	seen := map[string]int{}
	doc.Get(list).ForEach(func(k, v gjson.Result) bool {
		if !v.IsObject() {
			return true
		}
		i := int(k.Int())
		pre := list + "." + strconv.Itoa(i) + "."
		e := Entry{Index: i, Legacy: legacy, Path: l.Path, Raw: v.Raw,
			Model:   str(pre+Model, pre+Model),
			Display: str(pre+names[0], pre+names[0]),
			BaseURL: str(pre+names[1], pre+names[1]),
			Key:     str(pre+names[2], pre+names[2]),
			Kind:    str(pre+Provider, pre+Provider),
			Headers: doc.Headers(pre+names[4], pre+names[4]),
		}
		slug := Slug(e.Display.Value)
		e.ID = ModelID(e.Display.Value, seen[slug])
		seen[slug]++
		l.Entries = append(l.Entries, e)
		return true
	})
}

// Selected is the model id Droid runs without -m (the highest level's
// sessionDefaultSettings.model, with the ones it beats) and the custom
// model of that id (the highest level's entry of it), nil when none.
func (st State) Selected() (discover.Value, *Entry) {
	var model discover.Value
	var below []discover.Value
	for _, l := range st.Levels {
		if !l.Default.Set() {
			continue
		}
		if model.Set() {
			below = append(below, l.Default)
			continue
		}
		model = l.Default
	}
	model.Overrides = below
	return model, st.Lookup(model.Value)
}

// Lookup is the custom model of an id, as Droid merges the levels: the
// highest level's entry of it wins ✓.
func (st State) Lookup(id string) *Entry {
	for li := range st.Levels {
		for ei := range st.Levels[li].Entries {
			if e := &st.Levels[li].Entries[ei]; e.ID == id {
				return e
			}
		}
	}
	return nil
}

// IDs are every custom model id, as Droid lists them.
func (st State) IDs() []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range st.Levels {
		for _, e := range l.Entries {
			if !seen[e.ID] {
				seen[e.ID] = true
				out = append(out, e.ID)
			}
		}
	}
	return out
}

// User is the user's settings.json level.
func (st State) User() *Level {
	for i := range st.Levels {
		if st.Levels[i].Role == "settings" {
			return &st.Levels[i]
		}
	}
	return nil
}

// At is the levels a Droid of sheet's versions reads: without
// ProjectSettingsWin, the project's folders are not among them.
func (st State) At(sheet Sheet) State {
	if sheet.ProjectSettingsWin {
		return st
	}
	out := State{}
	for _, l := range st.Levels {
		if l.Role != "project" {
			out.Levels = append(out.Levels, l)
		}
	}
	return out
}

// Resolve is the triple of the custom model Droid runs by default, by
// the newest facts (the version is not known yet: AtVersion).
func (impl) Resolve(s *discover.Snapshot, _ tool.Tool) []discover.Tool {
	st := StateOf(s).At(Facts.Value(""))
	model, e := st.Selected()
	if e == nil {
		if model.Set() && strings.HasPrefix(model.Value, CustomPrefix) {
			ids := "none"
			if all := st.IDs(); len(all) > 0 {
				ids = strings.Join(all, ", ")
			}
			s.AddProblem(discover.Problem{Tool: droidID, File: model.Source.File, Line: model.Source.Line,
				Message: fmt.Sprintf("sessionDefaultSettings.model is %q, but no custom model has that id (Droid's custom models: %s)", discover.Sanitize(model.Value), discover.Sanitize(ids)),
				Edit:    "set sessionDefaultSettings.model to one of those ids", Setup: true})
		}
		return nil
	}
	return []discover.Tool{entryTool(s, e, model)}
}

// AtVersion re-resolves Droid's triple by the levels the version
// installed reads, where its facts differ from the newest.
func (impl) AtVersion(s *discover.Snapshot, t *discover.Tool, version string) {
	sheet := Facts.Value(version)
	if sheet == Facts.Value("") {
		return
	}
	if model, e := StateOf(s).At(sheet).Selected(); e != nil {
		*t = entryTool(s, e, model)
	}
}

// entryTool is the triple of one custom model.
func entryTool(s *discover.Snapshot, e *Entry, model discover.Value) discover.Tool {
	t := discover.Tool{ID: ID, Rule: Wire(e.Kind.Value), Label: "Factory Droid (" + discover.Sanitize(e.ID) + ")", NeedsModel: true,
		Base: e.BaseURL, Model: e.Model, KeyName: e.keyName()}
	key := e.Key
	if ref := EnvRef(key.Value); ref != "" && !e.Legacy {
		key = s.Shell(ref)
		t.KeyName, t.KeyVar = ref, e.Key
		t.KeyVar.Value = ref
	}
	t.Key = key
	pre := e.prefix()
	t.Places = discover.Places{Base: discover.Source{File: e.Path, Key: pre + e.field(BaseURL)},
		Key: discover.Source{File: e.Path, Key: pre + e.field(APIKey)}, Model: discover.Source{File: e.Path, Key: pre + Model}}
	if t.KeyVar.Set() {
		t.Places.Key = discover.Source{Key: t.KeyName, Origin: "shell"}
	}
	if t.Key.Set() {
		t.Credentials = []discover.Value{t.Key}
		t.Auth = t.Rule.Auth
	}
	headersKey := ExtraHeaders
	if e.Legacy {
		headersKey = LegacyHeaders
	}
	t.Headers, t.HeadersAt = e.Headers, discover.Source{File: e.Path, Key: pre + headersKey}
	return t
}

func (e Entry) prefix() string {
	if e.Legacy {
		return LegacyModels + "." + strconv.Itoa(e.Index) + "."
	}
	return CustomModels + "." + strconv.Itoa(e.Index) + "."
}

// field is a field's name in the entry's file (snake_case in config.json).
func (e Entry) field(name string) string {
	if !e.Legacy {
		return name
	}
	switch name {
	case BaseURL:
		return LegacyBase
	case APIKey:
		return LegacyKey
	case DisplayName:
		return LegacyDisplay
	}
	return name
}

func (e Entry) keyName() string { return e.prefix() + e.field(APIKey) }
