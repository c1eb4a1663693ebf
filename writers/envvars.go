package writers

import (
	"errors"

	"github.com/keydoctor/keydoctor/internal/format/dotenv"
)

// SetEnvVars plans setting variables in a .env file (0600: it holds the key),
// every other line kept.
func SetEnvVars(path string, vars [][2]string, keyVar string) (*Change, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := dotenv.Parse(c.Old)
	if err != nil {
		var se *dotenv.SyntaxError
		if errors.As(err, &se) {
			return nil, &RefusedError{Path: path, Line: se.Line, Col: se.Col, Reason: se.Msg, Hint: "fix that line by hand, then run setup again"}
		}
		return nil, Refuse(path, "", "%v", err)
	}
	for _, kv := range vars {
		if old, ok := f.Get(kv[0]); ok && kv[0] == keyVar {
			c.AddSecrets(old)
		}
		if _, err := f.Set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	c.New = f.Bytes()
	c.Finish(true, 0o600)
	return c, nil
}
