"""Claims: manifests (schema, citations), witnesses, and the gate that judges them."""
