package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeTryIt: the README's instructions hold. It names the Go version
// go.mod requires; the "Try it" block runs a built binary (a killed
// background `go run` leaves its child listening) and sends a request to
// every fake gateway it starts.
func TestReadmeTryIt(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go (1\.[0-9]+)`).FindSubmatch(gomod)
	if goLine == nil || !strings.Contains(string(readme), "Go "+string(goLine[1])+" or newer") {
		t.Errorf("the README does not say which Go go.mod needs (go %s)", goLine[1])
	}
	if !strings.Contains(string(readme), "first run downloads") {
		t.Error("the README does not say that the first run downloads modules")
	}
	block := tryItBlock(t, string(readme))
	if strings.Contains(block, "go run") && strings.Contains(block, "&") {
		t.Error("Try it backgrounds `go run`: killing it leaves the mock listening")
	}
	for _, m := range regexp.MustCompile(`mock --addr (127\.0\.0\.1:[0-9]+)`).FindAllStringSubmatch(block, -1) {
		used := false
		for _, line := range strings.Split(block, "\n") {
			if strings.Contains(line, m[1]) && !strings.Contains(line, " mock ") {
				used = true
			}
		}
		if !used {
			t.Errorf("Try it starts a fake gateway on %s and sends it nothing", m[1])
		}
	}
	if !strings.Contains(block, "kill ") {
		t.Error("Try it does not say how to stop the fake gateways")
	}
	// pasted whole, a shell starts the mock in the background and runs the
	// next line at once: each mock is waited for before it is used
	waited := map[string]bool{}
	for _, line := range strings.Split(block, "\n") {
		if m := regexp.MustCompile(`mock --wait --addr (127\.0\.0\.1:[0-9]+)`).FindStringSubmatch(line); m != nil {
			waited[m[1]] = true
			continue
		}
		for _, m := range regexp.MustCompile(`127\.0\.0\.1:[0-9]+`).FindAllString(line, -1) {
			if !strings.Contains(line, " mock ") && !waited[m] {
				t.Errorf("Try it uses %s before it waits for the mock there ('keydoctor mock --wait --addr %s'): %s", m, m, line)
			}
		}
	}
}

// tryItBlock is the README's "Try it" shell block.
func tryItBlock(t *testing.T, readme string) string {
	t.Helper()
	i := strings.Index(readme, "## Try it against the fake gateway")
	if i < 0 {
		t.Fatal("no Try it section")
	}
	block := readme[i:]
	block = block[strings.Index(block, "```sh")+5:]
	return block[:strings.Index(block, "```")]
}
