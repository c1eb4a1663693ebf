package redact

import "reflect"

// Scrub applies Redact to every string reachable from v, in place: the
// exported fields of a struct, the elements of slices and arrays,
// the values of maps with string values, through pointers and interfaces.
// v must be a pointer. It is how a record that is stored rather than
// printed (a trace record, a mock's log line, a probe's evidence, a bench
// sample) is made safe in one call where it is made, instead of one call
// per field: a field added later is scrubbed too. Byte slices are text
// here (a response body); a []byte that is not text should not be in such
// a record. Cycles are not followed twice.
func Scrub(v any, secrets ...string) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return
	}
	s := scrubber{secrets: secrets, seen: map[uintptr]bool{}}
	s.walk(rv.Elem())
}

type scrubber struct {
	secrets []string
	seen    map[uintptr]bool
}

func (s *scrubber) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			if r := Redact(v.String(), s.secrets...); r != v.String() {
				v.SetString(r)
			}
		}
	case reflect.Pointer:
		if v.IsNil() || s.seen[v.Pointer()] {
			return
		}
		s.seen[v.Pointer()] = true
		s.walk(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		// The value inside an interface cannot be set in place: scrub a
		// copy and put it back.
		inner := v.Elem()
		cp := reflect.New(inner.Type()).Elem()
		cp.Set(inner)
		s.walk(cp)
		if v.CanSet() {
			v.Set(cp)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				s.walk(f)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			if r := Redact(string(v.Bytes()), s.secrets...); r != string(v.Bytes()) && v.CanSet() {
				v.SetBytes([]byte(r))
			}
			return
		}
		for i := range v.Len() {
			s.walk(v.Index(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			s.walk(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		// A map's values cannot be set in place: scrub copies, then put
		// them back once the iteration is over.
		var keys, vals []reflect.Value
		for iter := v.MapRange(); iter.Next(); {
			val := reflect.New(v.Type().Elem()).Elem()
			val.Set(iter.Value())
			s.walk(val)
			keys, vals = append(keys, iter.Key()), append(vals, val)
		}
		for i := range keys {
			v.SetMapIndex(keys[i], vals[i])
		}
	}
}
