package discover

import (
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestHeaderLines(t *testing.T) {
	src := Source{File: "/h/.claude/settings.json", Line: 3, Key: "env.ANTHROPIC_CUSTOM_HEADERS"}
	for name, tt := range map[string]struct {
		in   string
		want []string // "Name=value"
	}{
		"one":                {"x-portkey-provider: openai", []string{"x-portkey-provider=openai"}},
		"lines, CRLF, space": {"x-portkey-provider: anthropic\r\n  X-Portkey-Api-Key :  pk-1  \n", []string{"x-portkey-provider=anthropic", "X-Portkey-Api-Key=pk-1"}},
		"value with a colon": {"x-portkey-config: {\"provider\":\"openai\"}", []string{`x-portkey-config={"provider":"openai"}`}},
		"no colon, no name":  {"garbage\n: value\n\n", nil},
		"not a token name":   {"bad name: v\nx(y): v\nok: v", []string{"ok=v"}},
		"empty value":        {"x-empty:", []string{"x-empty="}},
	} {
		t.Run(name, func(t *testing.T) {
			var got []string
			for _, h := range HeaderLines(Value{Value: tt.in, Source: src}) {
				got = append(got, h.Name+"="+h.Value.Value)
				if h.Value.Source != src {
					t.Errorf("%s lost its source: %+v", h.Name, h.Value.Source)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("HeaderLines(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestHeaderSecret(t *testing.T) {
	for name, want := range map[string]bool{"x-portkey-api-key": true, "Authorization": true, "x-portkey-provider": false, "x-request-source": false} {
		if got := (Header{Name: name}).Secret(); got != want {
			t.Errorf("%s: Secret = %v, want %v", name, got, want)
		}
	}
}

// FuzzHeaderLines: whatever a variable holds, each header parsed is one a
// request can carry (net/http refuses to send an invalid name or value).
func FuzzHeaderLines(f *testing.F) {
	for _, s := range []string{"x-portkey-provider: openai\nx-portkey-api-key: pk", "a:b:c", ":\n:", "x\x00y: v", "n: v\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, h := range HeaderLines(Value{Value: s}) {
			if h.Name == "" || strings.ContainsAny(h.Name, " :\r\n") {
				t.Fatalf("name %q", h.Name)
			}
			if strings.ContainsAny(h.Value.Value, "\r\n") {
				t.Fatalf("value %q spans lines", h.Value.Value)
			}
			hdr := HTTPHeader([]Header{h})
			if hdr.Get(h.Name) != h.Value.Value {
				t.Fatalf("%q: %q lost in %v", h.Name, h.Value.Value, hdr)
			}
			_ = http.Header(hdr)
		}
	})
}

func TestHeaderList(t *testing.T) {
	for in, want := range map[string][]string{
		"x-portkey-provider: openai":                         {"x-portkey-provider=openai"},
		"x-portkey-provider:openai, x-portkey-api-key: pk-1": {"x-portkey-provider=openai", "x-portkey-api-key=pk-1"},
		`x-meta: {"a":1,"name":"b"}, x-other: 2`:             {`x-meta={"a":1,"name":"b"}`, "x-other=2"},
		"x-list: a, b, c":                                    {"x-list=a, b, c"},
		"no colon, : empty name":                             nil,
	} {
		var got []string
		for _, h := range HeaderList(Value{Value: in}, ",") {
			got = append(got, h.Name+"="+h.Value.Value)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("HeaderList(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestJSONDocHeaders(t *testing.T) {
	doc := NewJSONDoc([]byte("{\"p\": {\"headers\": {\n\"x-portkey-provider\": \"openai\",\n\"x-n\": 3,\n\"bad name\": \"v\",\n\"x-portkey-api-key\": \"pk-1\"}}}"))
	var got []string
	for _, h := range doc.Headers("p.headers", "p.headers") {
		got = append(got, h.Name+"="+h.Value.Value+"@"+h.Value.Source.Key+":"+strconv.Itoa(h.Value.Source.Line))
	}
	want := []string{"x-portkey-provider=openai@p.headers.x-portkey-provider:2", "x-portkey-api-key=pk-1@p.headers.x-portkey-api-key:5"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Headers = %q, want %q", got, want)
	}
}
