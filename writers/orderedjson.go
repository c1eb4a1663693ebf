package writers

import "encoding/json"

// OrderedObject is a JSON object of strings with its members in order.
func OrderedObject(kv [][2]string) json.RawMessage {
	all := make([][2]any, len(kv))
	for i, m := range kv {
		all[i] = [2]any{m[0], m[1]}
	}
	return OrderedObjectAny(all)
}

// OrderedObjectAny is a JSON object of names and any JSON-encodable
// values (a number beside strings), its members in order.
func OrderedObjectAny(kv [][2]any) json.RawMessage {
	b := []byte{'{'}
	for i, m := range kv {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(m[0])
		v, _ := json.Marshal(m[1])
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}')
}
