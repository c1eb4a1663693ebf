//go:build windows

package winreg

import (
	"errors"
	"strings"

	"golang.org/x/sys/windows/registry"
)

func read(p paths) (Values, error) {
	var v Values
	var errs []error
	for _, k := range []string{p.user, p.machine} {
		vars, err := readEnv(k)
		errs = append(errs, err)
		v.Env = append(v.Env, vars...)
	}
	proxy, err := readProxy(p.internet)
	v.Proxy = proxy
	return v, errors.Join(append(errs, err)...)
}

// open opens a key named as the constants name it ("HKCU\…", "HKLM\…")
// for reading; a key that does not exist is no error.
func open(name string) (registry.Key, bool, error) {
	root, path, _ := strings.Cut(name, `\`)
	base := registry.CURRENT_USER
	if root == "HKLM" {
		base = registry.LOCAL_MACHINE
	}
	k, err := registry.OpenKey(base, path, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return k, true, nil
}

func readEnv(name string) ([]Var, error) {
	k, ok, err := open(name)
	if !ok {
		return nil, err
	}
	defer k.Close()
	names, err := k.ReadValueNames(0)
	if err != nil {
		return nil, err
	}
	var out []Var
	for _, n := range names {
		s, typ, err := k.GetStringValue(n)
		if err != nil {
			continue // not a string (a variable is REG_SZ or REG_EXPAND_SZ)
		}
		if typ == registry.EXPAND_SZ {
			if x, err := registry.ExpandString(s); err == nil {
				s = x
			}
		}
		out = append(out, Var{Name: n, Value: s, Key: name})
	}
	return out, nil
}

func readProxy(name string) (Proxy, error) {
	k, ok, err := open(name)
	if !ok {
		return Proxy{}, err
	}
	defer k.Close()
	var p Proxy
	if n, _, err := k.GetIntegerValue("ProxyEnable"); err == nil {
		p.Enabled = n != 0
	}
	p.Server, _, _ = k.GetStringValue("ProxyServer")
	p.Override, _, _ = k.GetStringValue("ProxyOverride")
	p.AutoConfig, _, _ = k.GetStringValue("AutoConfigURL")
	return p, nil
}
