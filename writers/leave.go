package writers

// Leave makes c write nothing: its file kept as it is (or left absent),
// for a change that only carries notes, what the user is asked to do
// there by hand (the lines of a shell profile setup was not allowed to
// edit).
func (c *Change) Leave() {
	c.New, c.Mode = c.Old, c.OldMode
	if !c.Existed {
		c.Remove = true // nothing there to remove: Changed is false
	}
}
