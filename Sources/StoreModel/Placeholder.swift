// StoreModel
