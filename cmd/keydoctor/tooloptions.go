package main

import (
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/pflag"
)

// addToolOptions adds every registered tool's Options to f, each a
// --NAME string flag whose value lands in (*opts)[NAME]: a tool declares
// its choices, and setup offers them without naming the tool.
func addToolOptions(f *pflag.FlagSet, opts *map[string]string) {
	for _, t := range tool.All() {
		for _, op := range t.Options {
			v := toolOptionValue{opts, op.Name}
			if len(op.Values) > 0 {
				_ = v.Set(op.Values[0]) // the default, which help shows
			}
			f.Var(v, op.Name, op.Usage)
		}
	}
}

// toolOptionValue is one tool option's flag value.
type toolOptionValue struct {
	opts *map[string]string
	name string
}

func (v toolOptionValue) String() string { return (*v.opts)[v.name] }
func (v toolOptionValue) Type() string   { return "string" }

func (v toolOptionValue) Set(s string) error {
	if *v.opts == nil {
		*v.opts = map[string]string{}
	}
	(*v.opts)[v.name] = s
	return nil
}

// setToolOption sets one tool option of a setup run made without flags
// (use keeping how a tool holds its key).
func (o *setupOptions) setToolOption(name, value string) {
	_ = toolOptionValue{&o.ToolOptions, name}.Set(value)
}
