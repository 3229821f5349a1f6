"""The Rulebook's entries by rulebook section: each module holds one `Rule` per action class it owns, and
`guards` holds the checks they share."""
