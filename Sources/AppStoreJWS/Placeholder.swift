// AppStoreJWS
