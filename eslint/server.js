/** Server import rules: domain folders and the core (issue 10). Filled in by the server restructuring. */
export default [];
