package gateway

import (
	"regexp"
	"strings"
)

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

var (
	// userinfo: scheme://user[:password]@ — stops at anything a host or
	// path would start with, and at quotes and JSON escapes.
	urlUserinfo = regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.\-]*://)([^\s/?#@"'<>\\]*)@`)
	// a query parameter: ?name=value, &name=value, and & as JSON writes it.
	urlParam = regexp.MustCompile(`(\?|&|;|\\u0026)([A-Za-z0-9_.\-\[\]]+)=([^&#\s"'<>\\]*)`)
)

// RedactURL hides what a URL may carry besides the address: the user
// name and password (http://u:****@host, or http://****@host when there
// is no password) and the values of secret-looking query parameters
// (?key=****). s may be a URL, a URL without its scheme, or any text with
// URLs in it (a message, a log line, a JSON document). This is the one
// function every URL goes through before it is printed, logged or saved.
func RedactURL(s string) string {
	if strings.Contains(s, "@") { // cheap tests first: bodies and logs pass through here
		if !strings.Contains(s, "://") {
			s = redactBareUserinfo(s)
		}
		s = urlUserinfo.ReplaceAllStringFunc(s, func(m string) string {
			sub := urlUserinfo.FindStringSubmatch(m)
			return sub[1] + redactUserinfo(sub[2]) + "@"
		})
	}
	if !strings.Contains(s, "=") {
		return s
	}
	return urlParam.ReplaceAllStringFunc(s, func(m string) string {
		sub := urlParam.FindStringSubmatch(m)
		if sub[3] == "" || sub[3] == Hidden || !(SecretName(sub[2]) || secretParams[strings.ToLower(sub[2])]) {
			return m
		}
		return sub[1] + sub[2] + "=" + Hidden
	})
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
	return strings.Replace(s, t[:at+1], redactUserinfo(t[:at])+"@", 1)
}
