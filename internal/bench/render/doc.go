// Package render prints bench's reports as text: one level, a sweep and
// its knee, a comparison's sides, CSV, the capacity plan, the goals and
// the history's series. It writes what a bench.Report holds and decides
// nothing.
package render
