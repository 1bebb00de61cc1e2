// LocalAppStore
