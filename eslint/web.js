/** Web import rules: features, the UI kit (issue 10). Filled in by the web restructuring. */
export default [];
