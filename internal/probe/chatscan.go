package probe

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Why a hand-written scanner for chat chunks: a chat completion chunk is
// the one event every OpenAI-compatible stream sends per token, and bench
// decodes a thousand streams at once. Through gjson (one ForEach of the
// top level, then a Get per delta field) it was 12% of bench's CPU and 16%
// of the relay's (perf, issue 31). This scanner reads the few fields the
// decoder needs in one validating pass and allocates nothing: strings
// without escapes alias the chunk. Its meaning is encoding/json's
// (FuzzScanChat checks it against encoding/json as the oracle). Anything
// it does not take on (invalid JSON, a field of an unexpected type, a
// repeated field, an escaped key, invalid UTF-8, deep nesting) makes it
// answer false, and the decoder reads that chunk with gjson as before.

// chatChunk is what the decoder reads from one chunk. Byte slices alias
// the chunk or, for strings with escapes, fresh memory.
type chatChunk struct {
	model      []byte
	hasChoices bool // "choices" is an array (possibly empty)
	choices    []chatChoice
	hasUsage   bool // "usage" is an object
	prompt     int64
	completion int64
	errRaw     []byte // the "error" value when present and not null
}

type chatChoice struct {
	content, reasoningContent, reasoning []byte
	toolCalls                            bool // delta.tool_calls is an array
	finishReason                         []byte
}

// maxScanDepth bounds the nesting the scanner skips; deeper chunks go to
// gjson.
const maxScanDepth = 64

type chatScanner struct {
	b     []byte
	i     int
	depth int
}

// scanChat fills c from one chunk; false: read it some other way. c's
// choices slice is reused.
func scanChat(b []byte, c *chatChunk) bool {
	*c = chatChunk{choices: c.choices[:0]}
	s := chatScanner{b: b}
	var seen uint8
	const (
		seenModel = 1 << iota
		seenChoices
		seenUsage
		seenError
	)
	ok := s.object(func(key []byte) bool {
		var bit uint8
		switch string(key) {
		case "model":
			bit = seenModel
		case "choices":
			bit = seenChoices
		case "usage":
			bit = seenUsage
		case "error":
			bit = seenError
		default:
			return s.skip()
		}
		if seen&bit != 0 {
			return false // repeated: which one counts differs between parsers
		}
		seen |= bit
		switch bit {
		case seenModel:
			v, ok := s.stringOrNull()
			c.model = v
			return ok
		case seenChoices:
			return s.choices(c)
		case seenUsage:
			return s.usage(c)
		default:
			s.ws() // the value's own bytes, as encoding/json's RawMessage
			start := s.i
			if s.literal("null") {
				return true
			}
			if !s.skip() {
				return false
			}
			c.errRaw = s.b[start:s.i]
			return true
		}
	})
	s.ws()
	return ok && s.i == len(s.b)
}

func (s *chatScanner) choices(c *chatChunk) bool {
	if s.literal("null") {
		return true
	}
	c.hasChoices = true
	return s.array(func() bool {
		var ch chatChoice
		var seenDelta, seenFinish bool
		ok := s.object(func(key []byte) bool {
			switch string(key) {
			case "delta":
				if seenDelta {
					return false
				}
				seenDelta = true
				return s.delta(&ch)
			case "finish_reason":
				if seenFinish {
					return false
				}
				seenFinish = true
				v, ok := s.stringOrNull()
				ch.finishReason = v
				return ok
			}
			return s.skip()
		})
		c.choices = append(c.choices, ch)
		return ok
	})
}

func (s *chatScanner) delta(ch *chatChoice) bool {
	if s.literal("null") {
		return true
	}
	var seen uint8
	return s.object(func(key []byte) bool {
		var dst *[]byte
		var bit uint8
		switch string(key) {
		case "content":
			dst, bit = &ch.content, 1
		case "reasoning_content":
			dst, bit = &ch.reasoningContent, 2
		case "reasoning":
			dst, bit = &ch.reasoning, 4
		case "tool_calls":
			bit = 8
		default:
			return s.skip()
		}
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		if dst == nil {
			s.ws()
			ch.toolCalls = s.i < len(s.b) && s.b[s.i] == '['
			return s.skip()
		}
		v, ok := s.stringOrNull()
		*dst = v
		return ok
	})
}

func (s *chatScanner) usage(c *chatChunk) bool {
	if s.literal("null") {
		return true
	}
	c.hasUsage = true
	var seen uint8
	return s.object(func(key []byte) bool {
		var dst *int64
		var bit uint8
		switch string(key) {
		case "prompt_tokens":
			dst, bit = &c.prompt, 1
		case "completion_tokens":
			dst, bit = &c.completion, 2
		default:
			return s.skip()
		}
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		if s.literal("null") {
			return true
		}
		v, ok := s.integer()
		*dst = v
		return ok
	})
}

func (s *chatScanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// literal consumes lit (after whitespace) when it is next.
func (s *chatScanner) literal(lit string) bool {
	s.ws()
	if len(s.b)-s.i >= len(lit) && string(s.b[s.i:s.i+len(lit)]) == lit {
		s.i += len(lit)
		return true
	}
	return false
}

// object reads {"key": value, ...}; field reads each value (the scanner
// is at it, whitespace not yet skipped).
func (s *chatScanner) object(field func(key []byte) bool) bool {
	if !s.literal("{") {
		return false
	}
	if s.depth++; s.depth > maxScanDepth {
		return false
	}
	if s.literal("}") {
		s.depth--
		return true
	}
	for {
		s.ws()
		key, escaped, ok := s.str()
		if !ok || escaped || !s.literal(":") || !field(key) {
			return false // the scan is over: depth no longer matters
		}
		if !s.literal(",") {
			s.depth--
			return s.literal("}")
		}
	}
}

// array reads [value, ...]; elem reads each value.
func (s *chatScanner) array(elem func() bool) bool {
	if !s.literal("[") {
		return false
	}
	if s.depth++; s.depth > maxScanDepth {
		return false
	}
	if s.literal("]") {
		s.depth--
		return true
	}
	for {
		if !elem() {
			return false
		}
		if !s.literal(",") {
			s.depth--
			return s.literal("]")
		}
	}
}

// skip validates and passes over one value.
func (s *chatScanner) skip() bool {
	s.ws()
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return s.object(func([]byte) bool { return s.skip() })
	case c == '[':
		return s.array(s.skip)
	case c == '"':
		_, _, ok := s.str()
		return ok
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	default:
		return s.number()
	}
}

// stringOrNull reads a string value (decoded, valid UTF-8) or null (nil).
func (s *chatScanner) stringOrNull() ([]byte, bool) {
	if s.literal("null") {
		return nil, true
	}
	raw, escaped, ok := s.str()
	if !ok {
		return nil, false
	}
	if !escaped {
		return raw, utf8.Valid(raw)
	}
	return unescape(raw)
}

// str reads a string at the scanner (whitespace skipped) and returns its
// raw contents, quotes stripped; escaped says a backslash is inside.
func (s *chatScanner) str() (raw []byte, escaped, ok bool) {
	b := s.b // a local: the loops below would reload s.b at every byte
	if s.i >= len(b) || b[s.i] != '"' {
		return nil, false, false
	}
	start := s.i + 1
	for i := start; i < len(b); i++ {
		for i < len(b) && plain[b[i]] {
			i++ // most of a string: one table look-up a byte
		}
		if i == len(b) {
			break
		}
		switch c := b[i]; {
		case c == '"':
			s.i = i + 1
			return b[start:i], escaped, true
		case c == '\\':
			escaped = true
			if i+1 >= len(b) {
				return nil, false, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+5 >= len(b) || hex4(b[i+2:i+6]) < 0 {
					return nil, false, false
				}
				i += 5
			default:
				return nil, false, false
			}
		default: // a control character
			return nil, false, false
		}
	}
	return nil, false, false
}

// plain marks the bytes a string holds as they are: not the quote, the
// backslash or a control character.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// number validates a JSON number at the scanner.
func (s *chatScanner) number() bool {
	b, i := s.b, s.i
	if i < len(b) && b[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i, n = i+1, n+1
		}
		return n
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	s.i = i
	return true
}

// integer reads a number that encoding/json puts in an int64: no
// fraction, no exponent, in range.
func (s *chatScanner) integer() (int64, bool) {
	s.ws()
	start := s.i
	if !s.number() {
		return 0, false
	}
	b := s.b[start:s.i]
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	var u uint64
	for _, c := range b {
		if c < '0' || c > '9' || u > (1<<63)/10 {
			return 0, false
		}
		u = u*10 + uint64(c-'0')
	}
	switch {
	case neg && u <= 1<<63:
		return int64(-u), true // -(1<<63) wraps to itself: the minimum
	case !neg && u < 1<<63:
		return int64(u), true
	}
	return 0, false
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// unescape decodes a string's raw contents (already validated by str) as
// encoding/json does: a lone or broken surrogate becomes U+FFFD. Invalid
// UTF-8 is refused (encoding/json would replace it; gjson keeps it).
func unescape(raw []byte) ([]byte, bool) {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			if c < utf8.RuneSelf {
				out = append(out, c)
				i++
				continue
			}
			r, n := utf8.DecodeRune(raw[i:])
			if r == utf8.RuneError && n == 1 {
				return nil, false
			}
			out = append(out, raw[i:i+n]...)
			i += n
			continue
		}
		switch raw[i+1] {
		case 'u':
			r := hex4(raw[i+2:])
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					if dec := utf16.DecodeRune(r, hex4(raw[i+2:])); dec != unicode.ReplacementChar {
						out = utf8.AppendRune(out, dec)
						i += 6
						continue
					}
				}
				r = unicode.ReplacementChar
			}
			out = utf8.AppendRune(out, r)
			continue
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		default: // " \ /
			out = append(out, raw[i+1])
		}
		i += 2
	}
	return out, true
}
