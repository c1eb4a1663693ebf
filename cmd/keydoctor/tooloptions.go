package main

import (
	"strconv"

	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/pflag"
)

// addToolOptions adds every registered tool's Options to f, each a
// --NAME string flag whose value lands in (*opts)[NAME]: a tool declares
// its choices, and setup offers them without naming the tool.
func addToolOptions(f *pflag.FlagSet, opts *map[string]string) {
	for _, t := range tool.All() {
		for _, op := range t.Options {
			v := toolOptionValue{opts, op.Name, op.Bool}
			if len(op.Values) > 0 {
				_ = v.Set(op.Values[0]) // the default, which help shows
			}
			f.Var(v, op.Name, op.Usage)
			if op.Bool {
				f.Lookup(op.Name).NoOptDefVal = "true" // --NAME alone turns it on
			}
		}
	}
}

// toolOptionValue is one tool option's flag value.
// A switch (tool.Option.Bool) parses as pflag's bool flags do and is
// stored as "true" or "".
type toolOptionValue struct {
	opts   *map[string]string
	name   string
	isBool bool
}

func (v toolOptionValue) String() string {
	s := (*v.opts)[v.name]
	if v.isBool && s == "" {
		return "false"
	}
	return s
}

func (v toolOptionValue) Type() string {
	if v.isBool {
		return "bool"
	}
	return "string"
}

func (v toolOptionValue) Set(s string) error {
	if v.isBool {
		on, err := strconv.ParseBool(s)
		if err != nil {
			return err
		}
		s = ""
		if on {
			s = "true"
		}
	}
	if *v.opts == nil {
		*v.opts = map[string]string{}
	}
	(*v.opts)[v.name] = s
	return nil
}
