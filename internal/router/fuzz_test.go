package router

import (
	"strings"
	"testing"
)

// FuzzRouteOf: any config.json yields a route that names no key and holds
// no control byte.
func FuzzRouteOf(f *testing.F) {
	f.Add([]byte(`{"APIKEY":"sk-test-x","Providers":[{"name":"a","api_base_url":"https://u:p@h/v1","api_key":"sk-test-y"}],"Router":{"default":"a,m"}}`), "m")
	f.Add([]byte(`{"Router":{"default":"a,\u001b[2J"}}`), "a,b")
	f.Add([]byte(`{/*c*/"Providers":[{"name":"a","baseUrl":"http://x\u0007"},],}`), "")
	f.Fuzz(func(t *testing.T, b []byte, model string) {
		if strings.Contains(model, "sk-test") {
			t.Skip("the model is the tool's, not a secret")
		}
		r := routeOf("f", b, model)
		all := r.Provider + r.Model + r.Upstream + r.Note
		if strings.Contains(all, "sk-test-y") || strings.Contains(all, "sk-test-x") {
			t.Fatalf("a key in %+v", r)
		}
		for _, c := range all {
			if c < 0x20 || c == 0x7f {
				t.Fatalf("control byte in %+v", r)
			}
		}
	})
}
