"""Small plain-torch models the PyTorch front-end tests and benchmark share.

Each is defined here, without torchvision or transformers, at sizes that keep
a compile and a run fast on a small machine; the benchmark takes larger ones
through the same constructors.
"""

import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, features=16, hidden=32, classes=8):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(features, hidden), nn.ReLU(), nn.Linear(hidden, hidden),
            nn.Tanh(), nn.Linear(hidden, classes))

    def forward(self, x):
        return self.layers(x)


class BertEncoderLayer(nn.Module):
    """Token and position embeddings, then one post-norm encoder layer."""

    def __init__(self, vocab=64, hidden=32, heads=4, ffn=64, max_positions=32):
        super().__init__()
        self.heads = heads
        self.token_embedding = nn.Embedding(vocab, hidden)
        self.position_embedding = nn.Embedding(max_positions, hidden)
        self.embedding_norm = nn.LayerNorm(hidden)
        self.query = nn.Linear(hidden, hidden)
        self.key = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, hidden)
        self.attention_output = nn.Linear(hidden, hidden)
        self.attention_norm = nn.LayerNorm(hidden)
        self.intermediate = nn.Linear(hidden, ffn)
        self.output = nn.Linear(ffn, hidden)
        self.output_norm = nn.LayerNorm(hidden)

    def split_heads(self, x):
        batch, seq, hidden = x.shape
        return x.view(batch, seq, self.heads, hidden // self.heads).transpose(1, 2)

    def forward(self, token_ids):
        batch, seq = token_ids.shape
        positions = torch.arange(seq, device=token_ids.device)
        x = self.token_embedding(token_ids) + self.position_embedding(positions)
        x = self.embedding_norm(x)
        q = self.split_heads(self.query(x))
        k = self.split_heads(self.key(x))
        v = self.split_heads(self.value(x))
        scores = q @ k.transpose(-1, -2) / (q.shape[-1] ** 0.5)
        context = torch.softmax(scores, dim=-1) @ v
        context = context.transpose(1, 2).reshape(batch, seq, -1)
        x = self.attention_norm(x + self.attention_output(context))
        ffn = self.output(nn.functional.gelu(self.intermediate(x)))
        return self.output_norm(x + ffn)


class BasicBlock(nn.Module):
    def __init__(self, inputs, outputs, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(inputs, outputs, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(outputs)
        self.conv2 = nn.Conv2d(outputs, outputs, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(outputs)
        self.downsample = None
        if stride != 1 or inputs != outputs:
            self.downsample = nn.Sequential(
                nn.Conv2d(inputs, outputs, 1, stride, bias=False),
                nn.BatchNorm2d(outputs))

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return torch.relu(y + identity)


class ResNet18(nn.Module):
    """torchvision's resnet18 layout (stem, 4 stages of 2 basic blocks, pool,
    fc) with the stage widths a parameter."""

    def __init__(self, widths=(8, 16, 32, 64), classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, widths[0], 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(widths[0])
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        stages = []
        inputs = widths[0]
        for index, width in enumerate(widths):
            stride = 1 if index == 0 else 2
            stages.append(nn.Sequential(BasicBlock(inputs, width, stride),
                                        BasicBlock(width, width, 1)))
            inputs = width
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(widths[-1], classes)

    def forward(self, x):
        x = self.maxpool(torch.relu(self.bn1(self.conv1(x))))
        x = self.stages(x)
        return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


class InvertedResidual(nn.Module):
    """MobileNetV3's block: a 1x1 expansion, a depthwise convolution, a
    squeeze-and-excitation gate and a 1x1 projection, each with a batch norm,
    and the residual where the shape allows it."""

    def __init__(self, inputs, expanded, outputs, kernel, stride):
        super().__init__()
        self.expand = nn.Sequential(nn.Conv2d(inputs, expanded, 1, bias=False),
                                    nn.BatchNorm2d(expanded), nn.Hardswish())
        self.depthwise = nn.Sequential(
            nn.Conv2d(expanded, expanded, kernel, stride, kernel // 2, groups=expanded,
                      bias=False),
            nn.BatchNorm2d(expanded), nn.Hardswish())
        self.squeeze = nn.Conv2d(expanded, expanded // 4, 1)
        self.excite = nn.Conv2d(expanded // 4, expanded, 1)
        self.project = nn.Sequential(nn.Conv2d(expanded, outputs, 1, bias=False),
                                     nn.BatchNorm2d(outputs))
        self.residual = stride == 1 and inputs == outputs

    def forward(self, x):
        y = self.depthwise(self.expand(x))
        gate = nn.functional.adaptive_avg_pool2d(y, 1)
        y = y * nn.functional.hardsigmoid(self.excite(torch.relu(self.squeeze(gate))))
        y = self.project(y)
        return x + y if self.residual else y


class GroupedConvNet(nn.Module):
    """The convolutions of several feature groups that mobile and RegNet-style
    networks are made of: MobileNetV3's inverted residuals (depthwise 3x3 and
    5x5, strides 1 and 2, a depthwise multiplier of 2 in the stem) and a
    RegNet block's 3x3 convolution of groups of 8 features."""

    def __init__(self, classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8),
                                  nn.Hardswish(),
                                  nn.Conv2d(8, 16, 3, 1, 1, groups=8, bias=False))
        self.blocks = nn.Sequential(InvertedResidual(16, 32, 16, 3, 1),
                                    InvertedResidual(16, 48, 24, 5, 2))
        self.grouped = nn.Sequential(nn.Conv2d(24, 24, 3, 1, 1, groups=3), nn.BatchNorm2d(24),
                                     nn.ReLU())
        self.fc = nn.Linear(24, classes)

    def forward(self, x):
        x = self.grouped(self.blocks(self.stem(x)))
        return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


class LSTMModel(nn.Module):
    """An LSTM cell run over every step of the sequence, then a projection of
    every step. The loop is written out rather than taken from nn.LSTM,
    whose fused kernel Dynamo does not trace and torch-mlir lowers only for
    static shapes."""

    def __init__(self, features=8, hidden=16, classes=4):
        super().__init__()
        self.hidden = hidden
        self.cell = nn.LSTMCell(features, hidden)
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        h = x.new_zeros(x.shape[0], self.hidden)
        c = x.new_zeros(x.shape[0], self.hidden)
        steps = []
        for step in range(x.shape[1]):
            h, c = self.cell(x[:, step], (h, c))
            steps.append(h)
        return self.head(torch.stack(steps, 1))


def randomize_batch_norms(model, generator):
    """Give every BatchNorm running statistics other than 0 and 1, so that
    inference really normalizes."""
    for module in model.modules():
        if isinstance(module, nn.BatchNorm2d):
            module.running_mean.copy_(
                torch.randn(module.num_features, generator=generator) * 0.1)
            module.running_var.copy_(
                torch.rand(module.num_features, generator=generator) + 0.5)
    return model
