// StoreTesting
