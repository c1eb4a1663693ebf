package writers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// bigSettings is a Claude Code settings.json of about size bytes, as a
// long-lived one grows: permissions, MCP servers with their own keys and
// tokens, hooks.
func bigSettings(size int) string {
	var b strings.Builder
	b.WriteString("{\n  \"env\": {\n    \"ANTHROPIC_MODEL\": \"old\"\n  },\n  \"mcpServers\": {\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "    \"server-%d\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@example/mcp-%d\", \"--verbose\"],\n", i, i)
		fmt.Fprintf(&b, "      \"env\": {\"SERVER_API_KEY\": \"sk-test-%016d\", \"REGION\": \"eu-%d\", \"MAX_TOKENS\": 4096}\n    },\n", i, i%7)
	}
	b.WriteString("    \"last\": {\"command\": \"true\"}\n  }\n}\n")
	return b.String()
}

// BenchmarkPlanLargeSettings plans and diffs Claude Code over a
// settings.json of 100 KB, 1 MB and 10 MB: the time must grow about
// tenfold per step (it was quadratic in the masking of the diff).
func BenchmarkPlanLargeSettings(b *testing.B) {
	for _, shape := range []string{"lines", "one-line"} {
		for _, size := range []int{100 << 10, 1 << 20, 10 << 20} {
			b.Run(fmt.Sprintf("%s/%dKiB", shape, size>>10), func(b *testing.B) {
				benchPlanSettings(b, shape, size)
			})
		}
	}
}

func benchPlanSettings(b *testing.B, shape string, size int) {
	t := &testing.T{}
	o := testOptions(t)
	o.Env.Home = testutil.TempDir(b)
	body := bigSettings(size)
	if shape == "one-line" { // minified: the whole file is one diff line
		body = strings.ReplaceAll(strings.TrimSuffix(body, "\n"), "\n", "") + "\n"
	}
	writeFileB(b, pathOf(b, o, "claude", "user"), body)
	b.SetBytes(int64(size))
	b.ResetTimer()
	for b.Loop() {
		p, err := MakePlan(o, []gateway.ToolID{gateway.ToolID("claude")})
		if err != nil {
			b.Fatal(err)
		}
		if d := diffOf(p); !strings.Contains(d, "ANTHROPIC_MODEL") {
			b.Fatalf("no diff:\n%.500s", d)
		}
	}
}

// BenchmarkPlanLongEnvLine plans and diffs a project .env holding one
// line of 100 KB, 1 MB and 10 MB beside the lines setup writes.
func BenchmarkPlanLongEnvLine(b *testing.B) {
	for _, size := range []int{100 << 10, 1 << 20, 10 << 20} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			t := &testing.T{}
			o := testOptions(t)
			o.Env.Home = testutil.TempDir(b)
			o.Project = testutil.TempDir(b)
			writeFileB(b, pathOf(b, o, "env", "env"), "OTHER="+strings.Repeat("x", size)+"\nTAOTOKEN_MODEL=old\n")
			b.SetBytes(int64(size))
			b.ResetTimer()
			for b.Loop() {
				p, err := MakePlan(o, []gateway.ToolID{gateway.ToolID("env")})
				if err != nil {
					b.Fatal(err)
				}
				if d := diffOf(p); !strings.Contains(d, "TAOTOKEN_MODEL") {
					b.Fatalf("no diff:\n%.500s", d)
				}
			}
		})
	}
}
