// StoreCLI
