/**
 * Closed vocabularies: categories (with their id prefixes), frameworks and stages.
 *
 * They live in code rather than YAML because the schema, the URL builder and the
 * scaffold all need them synchronously and typed. Adding a framework is a one-line
 * change here; the schema, the browse pages and the editor JSON Schema follow.
 */

/** Every category, in the order the home page lists them, with its id prefix. */
export const CATEGORIES = [
  { id: 'memory', prefix: 'MEM', label: 'Memory' },
  { id: 'numerics', prefix: 'NUM', label: 'Numerics' },
  { id: 'mixed-precision', prefix: 'MP', label: 'Mixed precision' },
  { id: 'optimization', prefix: 'OPT', label: 'Optimization' },
  { id: 'distributed', prefix: 'DIST', label: 'Distributed' },
  { id: 'data', prefix: 'DATA', label: 'Data pipeline' },
  { id: 'autograd', prefix: 'AUTO', label: 'Autograd' },
  { id: 'checkpointing', prefix: 'CKPT', label: 'Checkpointing' },
  { id: 'hardware', prefix: 'HW', label: 'Hardware' },
  { id: 'performance', prefix: 'PERF', label: 'Performance' },
  { id: 'configuration', prefix: 'CONF', label: 'Configuration' },
  { id: 'tokenization', prefix: 'TOK', label: 'Tokenization' },
  { id: 'fine-tuning', prefix: 'FT', label: 'Fine-tuning' },
  { id: 'serving', prefix: 'SERV', label: 'Serving' },
  // installs, drivers, Hub access, disks, permissions, schedulers, rendezvous: about half of real
  // job failures come from the platform and environment, not the model code
  { id: 'environment', prefix: 'ENV', label: 'Environment and platform' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];

/** Frameworks an entry can apply to. The id is used in URLs (/frameworks/<id>/). */
export const FRAMEWORKS = [
  { id: 'pytorch', label: 'PyTorch' },
  { id: 'hf-transformers', label: 'HF Transformers' },
  { id: 'hf-trainer', label: 'HF Trainer' },
  { id: 'accelerate', label: 'Accelerate' },
  { id: 'peft', label: 'PEFT' },
  { id: 'trl', label: 'TRL' },
  { id: 'deepspeed', label: 'DeepSpeed' },
  { id: 'fsdp', label: 'FSDP' },
  { id: 'megatron-lm', label: 'Megatron-LM' },
  { id: 'nccl', label: 'NCCL' },
  { id: 'vllm', label: 'vLLM' },
  { id: 'jax', label: 'JAX' },
  { id: 'bitsandbytes', label: 'bitsandbytes' },
  { id: 'flash-attn', label: 'FlashAttention' },
  { id: 'cuda', label: 'CUDA' },
  { id: 'hf-hub', label: 'Hugging Face Hub' },
  { id: 'hf-datasets', label: 'HF Datasets' },
] as const;

export type FrameworkId = (typeof FRAMEWORKS)[number]['id'];
export const FRAMEWORK_IDS = FRAMEWORKS.map((f) => f.id) as [FrameworkId, ...FrameworkId[]];

/** Where in a model's life the failure shows up. */
export const STAGES = [
  { id: 'training', label: 'Training' },
  { id: 'fine-tuning', label: 'Fine-tuning' },
  { id: 'evaluation', label: 'Evaluation' },
  { id: 'inference', label: 'Inference' },
] as const;

export type StageId = (typeof STAGES)[number]['id'];
export const STAGE_IDS = STAGES.map((s) => s.id) as [StageId, ...StageId[]];

export const REFERENCE_KINDS = ['docs', 'issue', 'paper', 'source'] as const;
export const STATUSES = ['published', 'deprecated', 'merged'] as const;

export function categoryById(id: string) {
  return CATEGORIES.find((c) => c.id === id);
}
export function frameworkLabel(id: string): string {
  return FRAMEWORKS.find((f) => f.id === id)?.label ?? id;
}
export function stageLabel(id: string): string {
  return STAGES.find((s) => s.id === id)?.label ?? id;
}
