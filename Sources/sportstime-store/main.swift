print("sportstime-store")
