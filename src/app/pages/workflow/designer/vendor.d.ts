/** bpmn-js-token-simulation ships no types: its modeler module is a diagram-js module. */
declare module 'bpmn-js-token-simulation/lib/modeler' {
  const module: Record<string, unknown>;
  export default module;
}
