// (replaced by the application library's sources)
