package mock

import (
	"fmt"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
)

// ScenarioTable lists every scenario with its catalog code and what it
// does, one line each, for help.
func ScenarioTable() string {
	var b strings.Builder
	for _, s := range Scenarios() {
		code := s.Code
		if code == "" {
			code = "-"
		}
		fmt.Fprintf(&b, "  %-21s %-21s %s\n", s.Name, code, s.Description)
	}
	return b.String()
}

// WriteUse says how to point tools at the running fake gateway: the
// template's variables, then each SDK's. key is how the lines show the
// key (the public default key whole, or "$VAR"); "" asks for it instead,
// so that what is pasted works and a key the user chose stays off the
// screen.
func (s *Server) WriteUse(w io.Writer, key string) {
	opts := s.Options()
	fmt.Fprintf(w, "use it with:\n")
	vars := templates.Default().Vars
	fmt.Fprintf(w, "  export %s=%s\n", vars.BaseURL, s.Root())
	if key == "" {
		fmt.Fprintf(w, "  read -rs %s && export %s  # type the --key value\n", vars.APIKey, vars.APIKey)
		key = `"$` + vars.APIKey + `"`
	} else {
		fmt.Fprintf(w, "  export %s=%s\n", vars.APIKey, key)
	}
	fmt.Fprintf(w, "  export %s=%s\n", vars.Model, opts.Models[0])
	fmt.Fprintf(w, "or with the SDKs:\n")
	for _, t := range tool.All() {
		if t.Format == tool.FormatShell && t.Vars != nil {
			fmt.Fprintf(w, "  export %s=%s %s=%s\n", t.Vars.BaseURL, t.Base(s.Root()), t.Vars.Key, key)
		}
	}
	fmt.Fprintf(w, "press Ctrl-C to stop\n")
}
