package mock

import (
	"io"
	"os"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/stop"
)

// Settle checks o's scenario and sets o.Key from the command's key
// settings: key (--key), else the variable keyEnv names, else
// DefaultKey. shown is how WriteUse shows the key: the public default key
// whole, a chosen key by its variable ("$VAR"), and "" for a --key value,
// which the lines ask for instead (keys are never printed, and a masked
// placeholder would not work when pasted). Its errors are *stop.Error.
func Settle(o *Options, key, keyEnv string, getenv func(string) string) (shown string, err error) {
	if _, ok := LookupScenario(o.Scenario); !ok {
		return "", stop.Usage("run 'keydoctor mock --help' to see every scenario", "unknown scenario %q", o.Scenario)
	}
	switch {
	case key != "" && keyEnv != "":
		return "", stop.Usage("", "use --key or --key-env, not both")
	case keyEnv != "":
		if o.Key = getenv(keyEnv); o.Key == "" {
			return "", stop.Usage("export "+keyEnv+" or drop --key-env to use the default test key", "%s is not set", keyEnv)
		}
	default:
		o.Key = key
	}
	if o.Key == "" {
		o.Key = DefaultKey
	}
	if p := gateway.CheckKey(o.Key); p != nil {
		return "", stop.Usage("", "the mock key: %s (%s)", p.Reason, p.Code)
	}
	switch {
	case o.Key == DefaultKey:
		return o.Key, nil
	case keyEnv != "":
		return `"$` + keyEnv + `"`, nil
	}
	return "", nil // asked for: see WriteUse
}

// ModelList is the model ids of a comma-separated --models value, each
// trimmed, empty ones dropped; nil when it names none (the default list
// then).
func ModelList(s string) []string {
	var out []string
	for _, m := range strings.Split(s, ",") {
		if m = strings.TrimSpace(m); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// OpenLog opens --log's file for appending ("-": stderr); done closes it.
func OpenLog(path string, stderr io.Writer) (w io.Writer, done func(), err error) {
	if path == "-" {
		return stderr, func() {}, nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}
