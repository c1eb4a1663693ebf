package redact

import "strings"

// secretWords make a name (a JSON key, a TOML key, a variable, a query
// parameter) one whose value is a secret.
var secretWords = []string{"key", "token", "secret", "passw", "pwd", "credential", "authorization"}

// secretParams are query parameter names that carry credentials without
// saying so (Azure's sig, a bare auth).
var secretParams = map[string]bool{"sig": true, "signature": true, "auth": true}

// SecretName reports whether a value named name is to be treated as a
// secret wherever it is shown: *key*, *token*, *secret*, *password*,
// authorization and the like. It errs on the side of hiding (max_tokens
// counts too); callers skip values that cannot be secrets (numbers,
// booleans).
func SecretName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range secretWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// Hidden is what stands for a secret inside a URL: no part of it is shown,
// since a URL does not say which of its parts is the key.
const Hidden = "****"

// RedactURL hides what a URL may carry besides the address: the user
// name and password (http://u:****@host, or http://****@host when there
// is no password) and the values of secret-looking query parameters
// (?key=****). s may be a URL, a URL without its scheme, or any text with
// URLs in it (a message, a log line, a JSON document). This is the one
// function every URL goes through before it is printed, logged or saved.
// It scans by hand: it runs on every probe's evidence and log line, and a
// regular expression with captures costs ~150 ns a byte.
func RedactURL(s string) string {
	if strings.Contains(s, "@") {
		if !strings.Contains(s, "://") {
			s = redactBareUserinfo(s)
		}
		s = redactAuthorities(s)
	}
	if strings.Contains(s, "=") {
		s = redactParams(s)
		// a masked value may leave only what userinfo holds before an @
		// (fuzzed: "&keY=\xee&@"): redact it now, so a second pass is a no-op
		if strings.Contains(s, "@") && !strings.Contains(s, "://") {
			s = redactBareUserinfo(s)
		}
	}
	return s
}

// urlStop ends an authority or a query value: what no host, user name or
// value holds unescaped, plus quotes and the backslash of a JSON escape.
func urlStop(c byte) bool {
	return c <= ' ' || strings.IndexByte("\"'<>\\", c) >= 0
}

// redactAuthorities rewrites the userinfo of every scheme://user@host.
func redactAuthorities(s string) string {
	var b strings.Builder
	rest := s
	for {
		i := strings.Index(rest, "://")
		if i < 0 {
			break
		}
		start := i + 3
		end := start
		for end < len(rest) && !urlStop(rest[end]) && strings.IndexByte("/?#", rest[end]) < 0 {
			end++
		}
		at := strings.LastIndexByte(rest[start:end], '@')
		if at < 0 {
			b.WriteString(rest[:end])
		} else {
			b.WriteString(rest[:start])
			b.WriteString(redactUserinfo(rest[start : start+at]))
			b.WriteString(rest[start+at : end])
		}
		rest = rest[end:]
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(rest)
	return b.String()
}

// redactParams hides the value of every ?name=value / &name=value (and &
// as JSON writes it, \u0026) whose name looks secret.
func redactParams(s string) string {
	var b strings.Builder
	last := 0 // s[:last] is in b
	for i := 0; i < len(s); i++ {
		if s[i] != '=' {
			continue
		}
		n := i
		for n > 0 && paramNameByte(s[n-1]) {
			n--
		}
		if i-n > 5 && s[n:n+5] == "u0026" && n > 0 && s[n-1] == '\\' {
			n += 5 // the name follows a JSON-escaped &
		}
		name := s[n:i]
		if name == "" || !(n > 0 && strings.IndexByte("?&;", s[n-1]) >= 0 || strings.HasSuffix(s[:n], "\\u0026")) {
			continue
		}
		end := i + 1
		for end < len(s) && !urlStop(s[end]) && s[end] != '&' && s[end] != '#' {
			end++
		}
		v := s[i+1 : end]
		if v == "" || v == Hidden || !(SecretName(name) || secretParams[strings.ToLower(name)]) {
			continue
		}
		b.WriteString(s[last : i+1])
		b.WriteString(Hidden)
		last, i = end, end-1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func paramNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_.-[]", c) >= 0
}

// redactUserinfo keeps a short user name when a password follows it (it
// says which account; the password is the secret) and hides the rest.
func redactUserinfo(ui string) string {
	user, pass, hasPass := strings.Cut(ui, ":")
	if ui == "" || ui == Hidden {
		return ui
	}
	if hasPass && pass != "" && len(user) < 16 && user != "" {
		return user + ":" + Hidden
	}
	return Hidden
}

// redactBareUserinfo handles a pasted URL without a scheme
// (u:key@host/api): a single word whose @ comes before any / ? #.
func redactBareUserinfo(s string) string {
	t := strings.TrimSpace(s)
	if t == "" || strings.ContainsAny(t, " \t\r\n") {
		return s
	}
	at := strings.IndexByte(t, '@')
	if at < 0 {
		return s
	}
	if end := strings.IndexAny(t, "/?#"); end >= 0 && end < at {
		return s
	}
	// Only what a user name and password may hold: a JSON body with an @
	// in it is not a URL.
	for i := 0; i < at; i++ {
		if c := t[i]; !paramNameByte(c) && strings.IndexByte("~%!$&()*+,;=:", c) < 0 {
			return s
		}
	}
	return strings.Replace(s, t[:at+1], redactUserinfo(t[:at])+"@", 1)
}
