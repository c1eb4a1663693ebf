package catalog

import (
	"fmt"
	"strconv"
	"strings"
)

// Slots are the values a fix template refers to. A finding fills what it
// knows about the user's own setup; what it leaves empty drops the
// optional parts that need it.
type Slots struct {
	Tool    string // the tool as users know it: "Claude Code"
	File    string // where the value is set: a file, "file:line (key)", or "$VAR"
	Line    int    // the line in File, when known
	Key     string // the setting or variable to change
	Value   string // the value it should get
	Was     string // the value it has now
	Command string // a command that does the fix
	Host    string // host:port the request went to
	Model   string // the model the request asked for
	URL     string // a URL the fix points at (a model list, a redirect target)
	Wait    string // how long the gateway asks to wait
	// Edit and Remove are the change a configuration finding asks for, as
	// one clause in the syntax of the place it is made (see Render):
	// `set base_url = "…" in ~/.codex/config.toml (line 6)`, `set
	// "env.X" to "…" in ~/.claude/settings.json`, `set X=… in .env`,
	// `export X=… (and in your shell profile)`; Remove deletes a value
	// (`delete "env.X" from …`, `unset X and remove it from your shell
	// profile`).
	Edit   string
	Remove string
}

func (s Slots) get(name string) (string, bool) {
	switch name {
	case "tool":
		return s.Tool, true
	case "file":
		return s.File, true
	case "line":
		if s.Line > 0 {
			return strconv.Itoa(s.Line), true
		}
		return "", true
	case "key":
		return s.Key, true
	case "value":
		return s.Value, true
	case "was":
		return s.Was, true
	case "command":
		return s.Command, true
	case "host":
		return s.Host, true
	case "model":
		return s.Model, true
	case "url":
		return s.URL, true
	case "wait":
		return s.Wait, true
	case "edit":
		return s.Edit, true
	case "remove":
		return s.Remove, true
	}
	return "", false
}

// Render is the code's fix with the slots filled. The template language:
//
//	{slot}          the slot's value; its name in capitals when empty
//	{slot|default}  the slot's value, or default when empty
//	[ … ]           kept only when every {slot} inside (without a default)
//	                is set; groups nest
//	[!slot …]       kept only when slot is empty: the "otherwise" of a group
//	\[ \] \{ \}     the character itself (a TOML table name)
//
// A code the catalog does not know renders as a pointer to explain.
//
// Every finding's fix comes from here, the wire ladder's and the offline
// checks' alike: a check fills slots, never writes the sentence. Where a
// configuration fix edits a file, the syntax of that edit depends on the
// file (TOML `key = "v"`, JSON `"key": "v"`, .env `KEY=v`, the shell's
// `export KEY=v`), so the check passes the whole edit as one clause in
// {edit} (and {remove}), built by one function of the checks (setAt,
// setKeyAt, removeFix in checks/fix.go); the template around it holds
// what is the same for every finding of the code (the alternative
// command, the reason, the generic advice). That keeps one template per
// code. A template usually has a filled form and, behind [!edit …], the
// generic form `explain` prints (Generic).
func Render(code Code, s Slots) string {
	e, ok := Lookup(code)
	if !ok || e.Fix == "" {
		return "run 'keydoctor explain " + string(code) + "' for causes and fixes"
	}
	out, _, err := render(e.Fix, s)
	if err != nil {
		panic(fmt.Sprintf("catalog: fix of %s: %v", code, err)) // the catalog test parses every template
	}
	return tidy(out)
}

// Generic is the code's fix with no slot filled, as `explain` prints it.
func Generic(code Code) string { return Render(code, Slots{}) }

// render expands t; complete is false when a slot without a default was
// empty (so that an enclosing group is dropped).
func render(t string, s Slots) (out string, complete bool, err error) {
	var b strings.Builder
	complete = true
	for i := 0; i < len(t); {
		switch t[i] {
		case '\\':
			if i+1 < len(t) {
				i++
			}
			b.WriteByte(t[i])
			i++
		case '{':
			j := strings.IndexByte(t[i:], '}')
			if j < 0 {
				return "", false, fmt.Errorf("unclosed { at %d", i)
			}
			name, def, hasDef := strings.Cut(t[i+1:i+j], "|")
			v, known := s.get(name)
			if !known {
				return "", false, fmt.Errorf("unknown slot %q", name)
			}
			switch {
			case v != "":
				b.WriteString(v)
			case hasDef:
				b.WriteString(def)
			default:
				complete = false
				b.WriteString(strings.ToUpper(name))
			}
			i += j + 1
		case '[':
			end, err := closing(t, i)
			if err != nil {
				return "", false, err
			}
			inner := t[i+1 : end]
			if neg, ok := strings.CutPrefix(inner, "!"); ok {
				name, rest, _ := strings.Cut(neg, " ")
				v, known := s.get(name)
				if !known {
					return "", false, fmt.Errorf("unknown slot %q", name)
				}
				if v == "" {
					sub, _, err := render(rest, s)
					if err != nil {
						return "", false, err
					}
					b.WriteString(sub)
				}
			} else {
				sub, ok, err := render(inner, s)
				if err != nil {
					return "", false, err
				}
				if ok {
					b.WriteString(sub)
				}
			}
			i = end + 1
		case ']':
			return "", false, fmt.Errorf("unmatched ] at %d", i)
		default:
			b.WriteByte(t[i])
			i++
		}
	}
	return b.String(), complete, nil
}

// closing finds the ] that closes the [ at i.
func closing(t string, i int) (int, error) {
	depth := 0
	for j := i; j < len(t); j++ {
		switch t[j] {
		case '\\':
			j++
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j, nil
			}
		}
	}
	return 0, fmt.Errorf("unclosed [ at %d", i)
}

// tidy removes what dropped groups leave behind: doubled spaces and a
// space before punctuation.
func tidy(s string) string {
	for _, r := range []struct{ from, to string }{{"  ", " "}, {" ,", ","}, {" ;", ";"}, {" :", ":"}, {" )", ")"}, {"( ", "("}} {
		for strings.Contains(s, r.from) {
			s = strings.ReplaceAll(s, r.from, r.to)
		}
	}
	return strings.TrimSpace(s)
}
