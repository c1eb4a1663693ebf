package jsonedit

import (
	"strings"

	"github.com/tailscale/hujson"
)

// Remove deletes the member at path; it reports whether it was there.
func (d *Doc) Remove(path ...string) bool {
	parent := d.Lookup(path[:len(path)-1]...)
	if parent == nil {
		return false
	}
	obj, ok := parent.Value.(*hujson.Object)
	if !ok {
		return false
	}
	name := path[len(path)-1]
	for i := range obj.Members {
		lit, ok := obj.Members[i].Name.Value.(hujson.Literal)
		if !ok || lit.String() != name {
			continue
		}
		n := len(obj.Members)
		trailing := obj.Members[n-1].Value.AfterExtra != nil
		removed := obj.Members[i]
		obj.Members = append(obj.Members[:i], obj.Members[i+1:]...)
		if i == 0 && len(obj.Members) > 0 {
			// The new first member takes the place (and spacing) of the old.
			next := &obj.Members[0].Name
			if strings.TrimSpace(string(next.BeforeExtra)) == "" {
				next.BeforeExtra = lastLineIndent(removed.Name.BeforeExtra)
			}
		}
		// A comment on the line before the removed member (after the
		// previous comma) belongs to the previous member: keep it.
		if keep := sameLineComment(removed.Name.BeforeExtra); keep != "" {
			if i < len(obj.Members) {
				next := &obj.Members[i].Name
				next.BeforeExtra = prependComment(keep, next.BeforeExtra)
			} else {
				obj.AfterExtra = prependComment(keep, obj.AfterExtra)
			}
		}
		if last := len(obj.Members) - 1; last >= 0 {
			lv := &obj.Members[last].Value
			switch {
			case trailing && lv.AfterExtra == nil:
				lv.AfterExtra = hujson.Extra{}
			case !trailing && lv.AfterExtra != nil:
				obj.AfterExtra = append(append(hujson.Extra(nil), lv.AfterExtra...), obj.AfterExtra...)
				lv.AfterExtra = nil
			}
		}
		return true
	}
	return false
}

// sameLineComment is the comment at the start of extra, before its first
// line break (which it includes), or "".
func sameLineComment(extra hujson.Extra) string {
	s := string(extra)
	i := strings.IndexByte(s, '\n')
	if i < 0 || !strings.Contains(s[:i], "/") {
		return ""
	}
	return s[:i+1]
}

func prependComment(comment string, extra hujson.Extra) hujson.Extra {
	if startsLine(extra) {
		comment = trimEOL(comment)
	}
	return append(hujson.Extra(comment), extra...)
}
