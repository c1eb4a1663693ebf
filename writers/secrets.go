package writers

import (
	"regexp"
	"strings"
)

// Masking our own key is not enough when showing a diff: the lines
// around it may hold other keys the user already had (another provider's
// apiKey, an old token). secretValuesIn finds values that look like keys
// in JSON, TOML and .env text so that Diff masks them too.
var (
	namedValue = regexp.MustCompile(`(?i)["']?([A-Za-z0-9_.-]*(?:key|token|secret|password|passwd|credential)[A-Za-z0-9_.-]*)["']?\s*[:=]\s*["']?([^"'\s,#}]+)`)
	keyShaped  = regexp.MustCompile(`\b(?:sk|pk|rk|ak)-[A-Za-z0-9_\-]{8,}`)
	varName    = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	plainWord  = regexp.MustCompile(`^(?i:true|false|null|manual|apikey|chatgpt|[0-9.]+)$`)
)

func secretValuesIn(b []byte) []string {
	var out []string
	for _, m := range namedValue.FindAllSubmatch(b, -1) {
		v := string(m[2])
		if len(v) < 8 || varName.MatchString(v) || plainWord.MatchString(v) || strings.Contains(v, "://") {
			continue
		}
		out = append(out, v)
	}
	for _, m := range keyShaped.FindAll(b, -1) {
		out = append(out, string(m))
	}
	return out
}
