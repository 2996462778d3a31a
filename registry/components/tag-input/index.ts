export { TagInput, type TagInputProps } from './TagInput.js';
