"""Pure rules of every game the service hosts, and the registry that names them."""
