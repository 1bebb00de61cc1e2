// SportsTimePro
